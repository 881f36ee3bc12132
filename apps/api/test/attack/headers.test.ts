import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { createLogger } from '../../src/lib/logger.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  uploadFiles,
  type TestApp,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';

/**
 * Every kind of response the server gives carries the browser defences: a CSP without
 * 'unsafe-inline' or 'unsafe-eval' that forbids framing and <base>, nosniff, no referrer, and no
 * CORS grant to a foreign origin. ASVS 5.0 V3.4 (browser security mechanism headers).
 */
let t: TestApp;
let app: App;
let token: string;
let picture: string;

beforeAll(async () => {
  t = await createTestApp();
  const dist = path.join(t.dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><style nonce="__CSP_NONCE__">body{margin:0}</style>' +
      '<script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app");\n');
  app = await buildApp(
    { ...t.config, webDistDir: dist },
    { database: t.database, logger: createLogger('silent') },
  );
  token = (await loginTokens(t, await createUser(t))).access_token;
  const uploaded = await uploadFiles({ app }, token, [pngPart(await solidPng(32, 32), 'a.png')]);
  picture = uploaded.json().data.path;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** Name → request; `status` is what it answers, so a broken route cannot pass unnoticed. */
const RESPONSES: [string, number, () => InjectOptions][] = [
  ['API success', 200, () => ({ method: 'GET', url: '/api/health' })],
  [
    'API success with a token',
    200,
    () => ({ method: 'GET', url: '/api/users/profile', headers: bearer(token) }),
  ],
  ['API 401', 401, () => ({ method: 'GET', url: '/api/users/profile' })],
  ['API 404', 404, () => ({ method: 'GET', url: '/api/no-such-thing' })],
  ['API 400', 400, () => ({ method: 'POST', url: '/api/auth/login', payload: {} })],
  [
    'API 415',
    415,
    () => ({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/html' },
      payload: '<b>x</b>',
    }),
  ],
  ['site page (SPA route)', 200, () => ({ method: 'GET', url: '/users/profile' })],
  ['site root', 200, () => ({ method: 'GET', url: '/' })],
  ['site asset', 200, () => ({ method: 'GET', url: '/assets/app.js' })],
  ['missing asset', 404, () => ({ method: 'GET', url: '/assets/gone.js' })],
  ['uploaded picture', 200, () => ({ method: 'GET', url: picture })],
  ['API docs UI', 200, () => ({ method: 'GET', url: '/api/docs' })],
  ['OpenAPI document', 200, () => ({ method: 'GET', url: '/api/docs/json' })],
];

/** The CSP as directive → sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers on every kind of response', () => {
  it.each(RESPONSES)('%s', async (_name, status, request) => {
    const response = await app.inject(request());
    expect(response.statusCode).toBe(status);

    const csp = directives(response);
    expect(csp.size).toBeGreaterThan(0);
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain('*');
    }
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src') ?? csp.get('default-src')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^'(none|self)'$/)]),
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('no CORS for foreign origins', () => {
  const foreign = 'https://evil.example';

  it.each(RESPONSES)('%s grants nothing to another origin', async (_name, _status, request) => {
    const options = request();
    const response = await app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), origin: foreign },
    });
    for (const header of Object.keys(response.headers)) {
      expect(header).not.toMatch(/^access-control-/);
    }
  });

  it.each(['/api/auth/login', '/api/users/profile', '/api/uploads?dir=users', '/api/users'])(
    'refuses a preflight for %s',
    async (url) => {
      const response = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: foreign,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.statusCode).toBe(404);
      for (const header of Object.keys(response.headers)) {
        expect(header).not.toMatch(/^access-control-/);
      }
    },
  );
});
