import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/lib/logger.js';
import { bearer, createTestApp, createUser, loginTokens, type TestApp } from '../helpers.js';

const SITE_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'nonce-NONCE';img-src 'self' data: blob:;" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';" +
  "form-action 'self'";

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = createDatabase(t.config.database);
    const app = await buildApp(t.config, { database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.db.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 503, message: 'The database is unreachable' });
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('sends the strictest CSP, nosniff, no-referrer, no HSTS on http and no-store on /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    // A JSON answer loads nothing: no nonce, the same policy every time.
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends helmet's headers on every answer: a success, a refusal and an unknown path", async () => {
    const helmets = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health', '/api/users/profile', '/api/no-such-call', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(helmets);
    }
  });

  it('sends HSTS when APP_URL is https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://staff.example.com' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });

  it('allows no foreign origin (no CORS headers, preflight refused)', async () => {
    const origin = { origin: 'https://evil.example' };
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: origin });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors', () => {
  it('answers unknown /api paths with the JSON 404 body, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: 'Not found' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('hides the details of a fault: 500 with the generic message, logged instead', async () => {
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line: string) => lines.push(line) });
    const app = await buildApp(t.config, { database: t.database, logger });
    app.get('/api/boom', async () => {
      throw new Error('select password_hash from users where email = $1');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, message: API_MESSAGES.internalError });
      expect(response.body).not.toContain('password_hash');
      expect(lines.join('')).toContain('select password_hash');
    } finally {
      await app.close();
    }
  });
});

describe('logging', () => {
  it('redacts the Authorization header, cookies, refresh tokens in paths and token query values', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const app = await buildApp(t.config, { database: t.database, logger });
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token/SECRET-REFRESH-TOKEN',
        headers: { authorization: 'Bearer SECRET-BEARER', cookie: 'sid=SECRET-COOKIE' },
      });
      await app.inject({ method: 'GET', url: '/api/users/check-token?token=SECRET-QUERY&x=1' });
      app.log.info({ body: { email: 'a@example.com', password: 'SECRET-PASSWORD' } }, 'body');

      const log = lines.join('');
      expect(log).toContain('/api/auth/refresh-token/[REDACTED]');
      expect(log).toContain('token=[REDACTED]&x=1');
      for (const secret of [
        'SECRET-REFRESH-TOKEN',
        'SECRET-BEARER',
        'SECRET-COOKIE',
        'SECRET-QUERY',
        'SECRET-PASSWORD',
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(log).toContain('a@example.com');
    } finally {
      await app.close();
    }
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document built from the route schemas, and the UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/refresh-token/{refreshToken}',
        '/api/auth/logout',
        '/api/users/profile',
        '/api/users/{id}',
        '/api/users/emails',
        '/api/users/check-token',
        '/api/users/bulk-create',
        '/api/users/resend',
        '/api/users/setup',
        '/api/users/forgot-password',
        '/api/users/reset-password',
        '/api/users/change-password',
        '/api/health',
      ]),
    );
    const bulkCreate = document.paths['/api/users/bulk-create'].post;
    expect(Object.keys(bulkCreate.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403']),
    );
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const csp = String(ui.headers['content-security-policy']);
    // Swagger UI's own policy replaces the site's on its pages; plain-http hosts are not upgraded.
    expect(csp).toMatch(/script-src 'self'[^;]*; script-src-attr 'none'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('the built site', () => {
  let site: TestApp;
  const supportEmail = "o'brien&co@example.com";
  // A hashed asset with the `.br`/`.gz` copies the web build writes beside it.
  const bundle = Buffer.from('export const rows = [];\n'.repeat(100));
  const bundleBr = brotliCompressSync(bundle);
  const bundleGz = gzipSync(bundle);

  beforeAll(async () => {
    site = await createTestApp({ env: { SUPPORT_EMAIL: supportEmail } });
    const dist = path.join(site.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><style nonce="__CSP_NONCE__">body{margin:0}</style>' +
        '<script type="module" src="/assets/app-1a2b3c.js"></script></head>' +
        '<body data-nonce="__CSP_NONCE__"><a href="mailto:__SUPPORT_EMAIL__">__SUPPORT_EMAIL__</a></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app");\n');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), bundle);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), bundleBr);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), bundleGz);
    // Not written by the build: proves the raw template cannot come out as an "encoding".
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync('__CSP_NONCE__'));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync('__CSP_NONCE__'));
    await site.app.close();
    site.app = await buildApp(
      { ...site.config, webDistDir: dist },
      { database: site.database, logger: createLogger('silent') },
    );
  });
  afterAll(() => site.close());

  it('answers SPA routes with index.html: a fresh nonce matching the CSP, and the support email', async () => {
    const first = await site.app.inject({ method: 'GET', url: '/users/profile' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const csp = String(first.headers['content-security-policy']);
    const nonce = nonceOf(csp);
    expect(csp.replace(nonce ?? '', 'NONCE')).toBe(SITE_CSP);
    expect(Buffer.from(nonce ?? '', 'base64')).toHaveLength(16);
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(first.body).toContain(`data-nonce="${nonce}"`);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(first.body).toContain('mailto:o&#39;brien&amp;co@example.com');
    expect(first.body).not.toContain('__SUPPORT_EMAIL__');

    const second = await site.app.inject({ method: 'GET', url: '/auth/login?next=%2F' });
    const secondNonce = nonceOf(second.headers['content-security-policy']);
    expect(secondNonce).not.toBe(nonce);
    expect(second.body).toContain(`nonce="${secondNonce}"`);
  });

  it('answers / and /index.html with the filled-in template too', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await site.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('__CSP_NONCE__');
      expect(response.body).toContain(
        `nonce="${nonceOf(response.headers['content-security-policy'])}"`,
      );
    }
  });

  it('serves hashed assets as immutable for a year and other files as no-cache', async () => {
    const asset = await site.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');

    const icon = await site.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');

    const missing = await site.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the brotli or gzip copy of an asset by Accept-Encoding, else the plain file', async () => {
    const get = (acceptEncoding?: string) =>
      site.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const expectAsset = (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    };

    for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd']) {
      const brotli = await get(acceptEncoding);
      expectAsset(brotli);
      expect(brotli.headers['content-encoding'], acceptEncoding).toBe('br');
      expect(brotli.rawPayload.equals(bundleBr)).toBe(true);
      expect(brotliDecompressSync(brotli.rawPayload).equals(bundle)).toBe(true);
    }

    const gzip = await get('gzip');
    expectAsset(gzip);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(bundleGz)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(bundle)).toBe(true);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get(acceptEncoding);
      expectAsset(plain);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.rawPayload.equals(bundle)).toBe(true);
    }

    // A file without copies (too small to gain) is sent plain to a client that accepts br.
    const small = await site.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("app");\n');
  });

  it('never sends a compressed copy by its own name, nor index.html as one', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const response = await site.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe('Not found\n');
      }
    }
    for (const url of ['/', '/index.html', '/users']) {
      const response = await site.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<!doctype html>');
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
    const raw = await site.app.inject({ method: 'GET', url: '/index.html.br' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toContain('<!doctype html>');
  });

  it('answers HEAD like GET, and other methods outside /api with 404', async () => {
    const head = await site.app.inject({ method: 'HEAD', url: '/support' });
    expect(head.statusCode).toBe(200);
    const post = await site.app.inject({ method: 'POST', url: '/support' });
    expect(post.statusCode).toBe(404);
  });

  it('keeps /api paths out of the fallback', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('still serves the API alongside the site', async () => {
    const user = await createUser(site);
    const { access_token } = await loginTokens(site, user);
    const response = await site.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('without a built site', () => {
  it('answers non-API paths with a plain 404 saying the site is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/users/profile' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('not built');
    // The API is unaffected.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
