import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real image files made for the upload tests. */

export const solidPng = (width = 800, height = 600, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export const solidJpeg = (width = 640, height = 480, background = '#cc6633') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** A JPEG carrying EXIF with a camera model and GPS coordinates. */
export const jpegWithGps = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#00aa55' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Leaky 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();

/**
 * 400×200, top half red and bottom half blue, with EXIF orientation 6 ("rotate 90° clockwise to
 * show"): shown upright it is 200×400 with the blue half on the left.
 */
export const sidewaysJpeg = async () => {
  const red = await sharp({
    create: { width: 400, height: 100, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, top: 0, left: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
};

export const gif = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .gif()
    .toBuffer();

export const svg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid, solid black PNG of side × side pixels, 1 bit per pixel: 20000×20000 is 400 megapixels
 * in about 50 KB, the shape of a decompression bomb.
 */
export function hugeSolidPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(rowBytes * side); // filter 0 and black pixels: all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export const pngPart = (data: Buffer, filename = 'me.png', field = 'file'): FilePart => ({
  field,
  filename,
  contentType: 'image/png',
  data,
});

/** A multipart/form-data body for app.inject. */
export function multipart(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----staff-admin-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A 16×16 PNG carrying a zTXt text chunk that inflates to 64 MB: a decompression bomb hidden in
 * the metadata rather than the pixels (about 64 KB on disk).
 */
export async function textBombPng(): Promise<Buffer> {
  const png = await solidPng(16, 16);
  const end = png.length - 12; // IEND: length, type and CRC, no data
  const text = Buffer.concat([
    Buffer.from('Comment\0', 'latin1'),
    Buffer.from([0]), // compression method: deflate
    deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x41), { level: 9 }),
  ]);
  return Buffer.concat([png.subarray(0, end), chunk('zTXt', text), png.subarray(end)]);
}

/** A JPEG with a comment (COM) segment right after its start marker. */
export async function jpegWithComment(comment: string): Promise<Buffer> {
  const jpeg = await solidJpeg(48, 48);
  const payload = Buffer.from(comment, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    payload,
    jpeg.subarray(2),
  ]);
}
