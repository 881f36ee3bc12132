import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../helpers.js';

/**
 * What the server gives away to someone mapping it (pen test, issue 10, finding 8): no hidden
 * build files such as Vite's manifest, and the API documentation only as API_DOCS says. ASVS 5.0
 * V13.4.5 (documentation and monitoring endpoints not exposed unless intended), V13.4.7 (only
 * files meant to be served).
 */
describe('the built site', () => {
  const MANIFEST = '{"src/main.tsx":{"file":"assets/main-abc.js","isEntry":true}}';
  let dist: string;
  let site: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'staff-admin-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Staff Admin</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log(1);\n');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), MANIFEST);
    writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    site = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/',
    '/.vite',
    '/%2evite/manifest.json',
    '/.env',
    '/assets/../.vite/manifest.json',
  ])('answers 404 for the hidden file %s, never its content nor the page', async (url) => {
    const response = await site.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('isEntry');
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('<title>');
  });

  it('still serves the site and its assets', async () => {
    const asset = await site.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    const page = await site.app.inject({ method: 'GET', url: '/users/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Staff Admin</title>');
  });
});

describe('API_DOCS', () => {
  const DOCS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml'];

  it('defaults to public outside production and off in production', () => {
    const env = { INIT_CWD: os.tmpdir(), AUTH_SECRET: TEST_AUTH_SECRET };
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).apiDocs).toBe('public');
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).apiDocs).toBe('off');
    expect(loadConfig({ ...env, NODE_ENV: 'production', API_DOCS: 'admin' }).apiDocs).toBe('admin');
    expect(() => loadConfig({ ...env, API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });

  describe('public', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { API_DOCS: 'public' } });
    });
    afterAll(() => t.close());

    it.each(DOCS)('serves %s to anyone', async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect([200, 302]).toContain(response.statusCode);
    });
  });

  describe('admin', () => {
    let t: TestApp;
    let userToken: string;
    let adminToken: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { API_DOCS: 'admin' } });
      userToken = (await loginTokens(t, await createUser(t))).access_token;
      adminToken = (await loginTokens(t, await createUser(t, { position: 'admin' }))).access_token;
    });
    afterAll(() => t.close());

    it.each(DOCS)('serves %s only with a signed-in admin’s bearer token', async (url) => {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: 401, message: expect.any(String) });

      const user = await t.app.inject({ method: 'GET', url, headers: bearer(userToken) });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ code: 403, message: expect.any(String) });

      const admin = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect([200, 302]).toContain(admin.statusCode);
    });

    it('guards the UI’s own files too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
      expect(response.statusCode).toBe(401);
    });

    it('serves the OpenAPI document to an admin', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: bearer(adminToken),
      });
      expect(response.json().paths).toHaveProperty(['/api/users/profile']);
    });
  });

  describe.each([
    ['off', { API_DOCS: 'off' }],
    ['the production default', { NODE_ENV: 'production' }],
  ])('%s', (_name, env) => {
    let t: TestApp;
    let adminToken: string;
    beforeAll(async () => {
      t = await createTestApp({ env });
      adminToken = (await loginTokens(t, await createUser(t, { position: 'admin' }))).access_token;
    });
    afterAll(() => t.close());

    it.each(DOCS)('answers 404 for %s, even to an admin', async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: expect.any(String) });
    });

    it('still builds the OpenAPI document for tools', () => {
      expect(t.app.swagger()).toHaveProperty('openapi');
    });
  });
});
