import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/modules/uploads/uploads.messages.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uploadedFilePath,
  uploadFiles,
  type TestApp,
} from '../helpers.js';
import { gif, hugeSolidPng, jpegWithComment, solidPng, svg, textBombPng } from '../images.js';

/**
 * Files built to attack whoever opens them: each is refused with a 4xx and stores nothing, or is
 * accepted only as a freshly re-encoded picture that no longer carries the attack. ASVS 5.0 V5.2
 * (file upload) and V5.3 (file storage).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  // More calls than one address may make in a minute: this file is not about that limit.
  t = await createTestApp({ env: { UPLOADS_PER_MINUTE: '10000' } });
  token = (await loginTokens(t, await createUser(t))).access_token;
});
afterAll(() => t.close());

const SCRIPT = '<script>alert(document.cookie)</script>';
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const usersDir = () => path.join(t.config.uploadDir, 'users');
const stored = () => (existsSync(usersDir()) ? readdirSync(usersDir()).sort() : []);
const uploadRows = async () => (await t.db.selectFrom('uploads').select('id').execute()).length;

const upload = (data: Buffer, filename: string, contentType: string, url?: string) =>
  uploadFiles(t, token, [{ field: 'file', filename, contentType, data }], url);

/** Name → file, name and declared type, and the answer: every one of these stores nothing. */
const REFUSED: [string, () => Promise<[Buffer, string, string]>, number][] = [
  ['SVG with a script, sent as PNG', async () => [svg(), 'logo.png', 'image/png'], 415],
  ['SVG as SVG', async () => [svg(), 'logo.svg', 'image/svg+xml'], 415],
  ['HTML renamed .png', async () => [Buffer.from(HTML), 'page.png', 'image/png'], 415],
  ['HTML renamed .jpg', async () => [Buffer.from(HTML), 'page.jpg', 'image/jpeg'], 415],
  [
    'PHP script as JPEG',
    async () => [Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.php.jpg', 'image/jpeg'],
    415,
  ],
  [
    'PDF renamed .png',
    async () => [
      Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF'),
      'doc.png',
      'image/png',
    ],
    415,
  ],
  ['GIF named .png', async () => [await gif(), 'anim.png', 'image/png'], 415],
  [
    'WebP named .png',
    async () => [
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      'x.png',
      'image/png',
    ],
    415,
  ],
  [
    'PNG signature, then HTML',
    async () => [Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)]), 'fake.png', 'image/png'],
    415,
  ],
  [
    'truncated PNG',
    async () => [(await solidPng(64, 64)).subarray(0, 60), 'cut.png', 'image/png'],
    400,
  ],
  ['empty file', async () => [Buffer.alloc(0), 'empty.png', 'image/png'], 400],
  [
    'pixel bomb: 20000×20000 PNG in ~50 KB',
    async () => [hugeSolidPng(20_000), 'bomb.png', 'image/png'],
    413,
  ],
  [
    'pixel bomb just over 40 megapixels',
    async () => [hugeSolidPng(6_400), 'bomb.png', 'image/png'],
    413,
  ],
  [
    'over 5 MB',
    async () => [
      Buffer.concat([await solidPng(8, 8), Buffer.alloc(5 * 1024 * 1024 + 1)]),
      'big.png',
      'image/png',
    ],
    413,
  ],
];

describe('hostile uploads that are refused', () => {
  it.each(REFUSED.map(([name, make, status]) => [name, status, make] as const))(
    '%s → %i, nothing stored',
    async (_name, status, make) => {
      const [data, filename, contentType] = await make();
      const files = stored();
      const rows = await uploadRows();
      const started = Date.now();
      const response = await upload(data, filename, contentType);
      expect(response.statusCode).toBe(status);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expect(stored()).toEqual(files);
      expect(await uploadRows()).toBe(rows);
      // Refused before any expensive decoding.
      expect(Date.now() - started).toBeLessThan(3_000);
    },
  );
});

/** Valid pictures carrying something else: accepted, re-encoded, the payload gone. */
const DEFUSED: [string, () => Promise<[Buffer, string]>, string][] = [
  [
    'PNG with HTML appended (polyglot)',
    async () => [Buffer.concat([await solidPng(40, 40), Buffer.from(HTML)]), 'png'],
    SCRIPT,
  ],
  [
    'PNG with a ZIP appended (GIFAR-style polyglot)',
    async () => [
      Buffer.concat([
        await solidPng(40, 40),
        Buffer.from('PK\x03\x04evil.jsp<% Runtime.getRuntime() %>', 'latin1'),
      ]),
      'png',
    ],
    'evil.jsp',
  ],
  [
    'JPEG with a script in a comment segment',
    async () => [await jpegWithComment(HTML), 'jpg'],
    SCRIPT,
  ],
  [
    'PNG with a 64 MB zTXt bomb in its metadata',
    async () => [await textBombPng(), 'png'],
    'AAAAAAAA',
  ],
];

describe('hostile uploads that are defused', () => {
  it.each(DEFUSED)('%s', async (_name, make, marker) => {
    const [data, extension] = await make();
    const response = await upload(data, `../../evil\u202egnp.${extension}`, 'text/html');
    expect(response.statusCode).toBe(201);
    const { path: publicPath, originalName, size } = response.json().data;
    // Stored under a generated name, inside the upload folder, whatever the client called it.
    expect(publicPath).toMatch(new RegExp(`^/api/files/users/[0-9a-f-]{36}\\.${extension}$`));
    expect(originalName).toBe(`evilgnp.${extension}`);
    const onDisk = readFileSync(uploadedFilePath(t, publicPath));
    expect(onDisk.length).toBe(size);
    expect(onDisk.toString('latin1')).not.toContain(marker);
    expect(onDisk.length).toBeLessThan(50_000);

    const served = await t.app.inject({ method: 'GET', url: publicPath });
    expect(served.headers['content-type']).toBe(extension === 'png' ? 'image/png' : 'image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.toString('latin1')).not.toContain(marker);
  });
});

describe('path traversal', () => {
  it.each([
    '/api/uploads?dir=..',
    '/api/uploads?dir=../../etc',
    '/api/uploads?dir=users/../..',
    '/api/uploads?dir=%2e%2e%2fusers',
    '/api/uploads?dir=users%00',
    '/api/uploads?dir=/tmp',
  ])('refuses the upload folder %s', async (url) => {
    const response = await upload(await solidPng(8, 8), 'a.png', 'image/png', url);
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['encoded slashes', '/api/files/users/..%2f..%2f..%2fetc%2fpasswd'],
    ['double encoding', '/api/files/users/%252e%252e%252f%252e%252e%252fauth-secret'],
    ['encoded backslashes', '/api/files/users/..%5c..%5cauth-secret'],
    ['overlong UTF-8 dots', '/api/files/users/%c0%ae%c0%ae%2fauth-secret'],
    ['%u escapes', '/api/files/users/..%u2215auth-secret'],
    ['a Windows path', '/api/files/users/C:%5cWindows%5cwin.ini'],
    ['a NUL byte', '/api/files/users/%00'],
    ['encoded dots above the folder', '/api/files/%2e%2e/%2e%2e/auth-secret'],
    ['doubled dots and slashes', '/api/files/users/....//....//auth-secret'],
    ['a 5000-character name', `/api/files/users/${'a'.repeat(5_000)}.png`],
  ])('serves nothing for %s', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).not.toMatch(/^image\//);
    expect(response.body).not.toContain(t.config.auth.secret);
  });
});

/** Bodies that are not well-formed multipart (pen test, issue 10, finding 5): once all 500. */
const B = 'hostile-boundary';
const FORM = `multipart/form-data; boundary=${B}`;
const FILE_HEADERS = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const MALFORMED: [string, string, string, string][] = [
  [
    'no boundary',
    'multipart/form-data',
    `${FILE_HEADERS}abc\r\n--${B}--\r\n`,
    UPLOAD_MESSAGES.malformedForm,
  ],
  [
    'an empty boundary',
    'multipart/form-data; boundary=',
    '--\r\n\r\n--',
    UPLOAD_MESSAGES.malformedForm,
  ],
  ['only a preamble', FORM, 'a preamble and never a boundary', UPLOAD_MESSAGES.malformedForm],
  ['a part cut short', FORM, `${FILE_HEADERS}\x89PNG\r\n`, UPLOAD_MESSAGES.malformedForm],
  [
    'part headers cut short',
    FORM,
    `--${B}\r\nContent-Disposition: form-da`,
    UPLOAD_MESSAGES.malformedForm,
  ],
  [
    'part headers over 16 KB',
    FORM,
    `--${B}\r\nX-Junk: ${'a'.repeat(20_000)}\r\n\r\nx\r\n--${B}--\r\n`,
    UPLOAD_MESSAGES.noFile,
  ],
  [
    'a boundary never closed',
    FORM,
    `${FILE_HEADERS}abc\r\n--${B}\r\n`,
    UPLOAD_MESSAGES.malformedForm,
  ],
  ['a part without headers', FORM, `--${B}\r\n\r\nabc\r\n--${B}--\r\n`, UPLOAD_MESSAGES.noFile],
  [
    'a header line without a colon',
    FORM,
    `--${B}\r\nnot a header\r\n\r\nabc\r\n--${B}--\r\n`,
    UPLOAD_MESSAGES.noFile,
  ],
  ['an empty body', FORM, '', UPLOAD_MESSAGES.noFile],
  // busboy skips such a part; one filling its stream's buffer used to hang the request.
  [
    'a 100 KB part that is not form-data',
    FORM,
    `--${B}\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(100_000)}\r\n--${B}--\r\n`,
    UPLOAD_MESSAGES.noFile,
  ],
];

describe('malformed multipart bodies', () => {
  it.each(MALFORMED)(
    '%s → 400 in the contract’s shape, nothing stored',
    async (_name, contentType, body, message) => {
      const files = stored();
      const rows = await uploadRows();
      for (const url of ['/api/uploads?dir=users', '/api/uploads/multiple?dir=users']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(token), 'content-type': contentType },
          payload: body,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ code: 400, message });
      }
      expect(stored()).toEqual(files);
      expect(await uploadRows()).toBe(rows);
    },
  );
});
