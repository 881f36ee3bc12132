import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { DomainError } from '../../lib/errors.js';
import { UPLOAD_MESSAGES } from './uploads.messages.js';

/** Pictures are cover-cropped to a square of at most this side, never enlarged. */
export const IMAGE_MAX_SIDE = 512;
/** Refused before decoding: a small file can still describe a huge canvas (a "pixel bomb"). */
export const IMAGE_MAX_PIXELS = 40_000_000;
const JPEG_QUALITY = 85;
/**
 * Pictures decoded at once by this process, whatever the number of requests: each may take a
 * decoded canvas of up to IMAGE_MAX_PIXELS in memory. The others wait their turn (on disk).
 */
export const IMAGE_PROCESSING_CONCURRENCY = 2;
export const imageProcessingSlots = pLimit(IMAGE_PROCESSING_CONCURRENCY);

export type ImageFormat = 'png' | 'jpeg';

export interface ProcessedImage {
  data: Buffer;
  format: ImageFormat;
  /** The extension of the stored file. */
  extension: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
}

const FORMATS: Record<string, ImageFormat> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/**
 * sharp (libvips) and file-type are loaded by the first upload, not at start: together they add
 * about 45 MB to the memory of a process that may never see an upload.
 */
const importImageLibraries = () =>
  Promise.all([
    import('sharp').then((module) => {
      // libvips's operation cache would keep decoded pictures in memory after the request.
      module.default.cache(false);
      return module.default;
    }),
    import('file-type'),
  ]);
let imageLibraries: ReturnType<typeof importImageLibraries> | undefined;
const loadImageLibraries = () => (imageLibraries ??= importImageLibraries());

/**
 * Checks an uploaded image (a file as received) by its bytes and re-encodes it: PNG or JPEG only
 * (415 otherwise, whatever its name or declared type), at most IMAGE_MAX_PIXELS (413), turned
 * upright by its EXIF orientation, cover-cropped to a bounded square and written again in the same
 * format. The new file carries no metadata (EXIF, GPS, ICC text chunks): sharp keeps none unless
 * asked to. At most IMAGE_PROCESSING_CONCURRENCY run at once.
 */
export const processImage = (input: string): Promise<ProcessedImage> =>
  imageProcessingSlots(() => processNow(input));

async function processNow(input: string): Promise<ProcessedImage> {
  const [sharp, { fileTypeFromFile }] = await loadImageLibraries();
  const sniffed = await fileTypeFromFile(input);
  const format = sniffed ? FORMATS[sniffed.mime] : undefined;
  if (!format) throw new DomainError('unsupported_type', UPLOAD_MESSAGES.fileTypeInvalid);

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is applied below, with a message of our own.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new DomainError('invalid', UPLOAD_MESSAGES.unreadableImage, { cause: error });
  }
  if (metadata.format !== format)
    throw new DomainError('unsupported_type', UPLOAD_MESSAGES.fileTypeInvalid);
  const { width = 0, height = 0 } = metadata;
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new DomainError('too_large', UPLOAD_MESSAGES.dimensionsTooLarge);
  }
  if (width === 0 || height === 0)
    throw new DomainError('invalid', UPLOAD_MESSAGES.unreadableImage);

  const side = Math.min(IMAGE_MAX_SIDE, width, height);
  const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(side, side, { fit: 'cover' });
  try {
    const data =
      format === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
        : await pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    return format === 'png'
      ? { data, format, extension: 'png', contentType: 'image/png' }
      : { data, format, extension: 'jpg', contentType: 'image/jpeg' };
  } catch (error) {
    throw new DomainError('invalid', UPLOAD_MESSAGES.unreadableImage, { cause: error });
  }
}
