import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, COST_IMPORT_MAX_BYTES } from '@staff-admin/shared';
import { describe, expect, it } from 'vitest';
import { NGINX_SITE_FILE, renderNginxSite } from '../../../../bench/lib/cluster.mjs';
import { loadConfig } from '../../src/config/env.js';

/**
 * deploy/nginx/staff-admin.conf is the configuration docs/operations.md shows and the proxy tests
 * (test/multi-process/behind-nginx.postgres.test.ts) run: the docs cannot drift from it, and the
 * tests change only its addresses.
 */
const site = readFileSync(NGINX_SITE_FILE, 'utf8');
const operations = readFileSync(
  path.resolve(import.meta.dirname, '../../../../docs/operations.md'),
  'utf8',
);

/** The one nginx code block of the "Behind nginx" section. */
function documentedConfiguration(): string {
  const section = operations.slice(operations.indexOf('\n### Behind nginx\n'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/operations.md has no nginx block under "Behind nginx"');
  return block[1]!;
}

/** The directive lines (comments and blank lines left out). */
const directives = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

describe('the nginx configuration', () => {
  it('is shown verbatim in docs/operations.md', () => {
    expect(operations).toContain('\n### Behind nginx\n');
    expect(documentedConfiguration()).toBe(site);
  });

  it('is rendered for the tests by replacing only the upstream addresses and the listen port', () => {
    const rendered = renderNginxSite(site, {
      listen: '127.0.0.1:41000',
      upstreams: ['127.0.0.1:41001', '127.0.0.1:41002'],
    });
    const before = site.split('\n');
    const after = rendered.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, index) =>
      line === after[index] ? [] : [[line.trim(), after[index]!.trim()]],
    );
    expect(changed).toEqual([
      [
        'server 10.0.0.11:3000 max_fails=1 fail_timeout=5s;',
        'server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;',
      ],
      [
        'server 10.0.0.12:3000 max_fails=1 fail_timeout=5s;',
        'server 127.0.0.1:41002 max_fails=1 fail_timeout=5s;',
      ],
      ['listen 80;', 'listen 127.0.0.1:41000;'],
    ]);
  });

  it('replaces what a client says about itself and never resends a write that was sent', () => {
    const lines = directives(site);
    expect(lines).toEqual(
      expect.arrayContaining([
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
        'proxy_set_header X-Forwarded-Host $host;',
        'proxy_set_header Host $host;',
        // Keep-alive to the processes needs HTTP/1.1 and no hop-by-hop Connection header.
        'proxy_http_version 1.1;',
        'proxy_set_header Connection "";',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(/\$proxy_add_x_forwarded_for|non_idempotent/);
    const nextUpstream = lines.find((line) => line.startsWith('proxy_next_upstream '));
    expect(nextUpstream).toBe('proxy_next_upstream error timeout;');
  });

  it('takes the largest body the API takes', () => {
    const size = /client_max_body_size (\d+)m;/.exec(site);
    const bytes = Number(size?.[1]) * 1024 * 1024;
    expect(bytes).toBeGreaterThanOrEqual(COST_IMPORT_MAX_BYTES + 64 * 1024);
    expect(bytes).toBeGreaterThanOrEqual(AVATAR_MAX_BYTES);
  });

  it('closes idle connections to a process before the process stops waiting for them (half of the default SHUTDOWN_TIMEOUT)', () => {
    const keepalive = /keepalive_timeout (\d+)s;/.exec(site);
    const defaults = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(Number(keepalive?.[1]) * 1000).toBeLessThan(defaults.shutdownTimeoutMs / 2);
  });
});
