import { afterAll, beforeAll, expect, test } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import {
  createTestApp,
  createUser,
  getProfile,
  login,
  loginTokens,
  sessionOf,
  waitUntil,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { hostAndPort, TcpProxy, throughProxy } from './tcp-proxy.js';
import {
  expectNoFailureOrHang,
  expectWritesKept,
  invitedWithoutMail,
  round,
  rounds,
  startTraffic,
  type Traffic,
} from './outage-traffic.js';

/*
 * Redis goes away under a light load and comes back (vitest.config.ts leaves this folder out,
 * loudly, without TEST_REDIS_URL). Redis holds only what several processes share (counters, rate
 * limits, the revocation channel), so the site keeps working through the outage.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const MAX_FAILURES = 6;
let proxy: TcpProxy;
let t: TestApp;
let traffic: Traffic;
let user: TestUser;

/** What readiness says of Redis; the process stays ready (200) either way. */
async function redisReadiness(): Promise<string> {
  const response = await fetch(`${traffic.baseUrl}/api/ready`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { redis: string } }).data.redis;
}

beforeAll(async () => {
  proxy = await TcpProxy.start(hostAndPort(redisUrl));
  t = await createTestApp({
    env: {
      REDIS_URL: throughProxy(redisUrl, proxy),
      LOGIN_FAILURES_BEFORE_LOCK: String(MAX_FAILURES),
      UPLOADS_PER_MINUTE: '10000',
    },
  });
  traffic = await startTraffic(t);
  user = traffic.user;
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
});

/** Cuts Redis off and waits until the app has noticed (its readiness says so). */
async function cutRedis(): Promise<void> {
  await proxy.cut();
  await waitUntil(async () => (await redisReadiness()) === 'unavailable', {
    what: 'readiness to report Redis unavailable',
  });
}

async function restoreRedis(): Promise<number> {
  const since = performance.now();
  await proxy.restore();
  await waitUntil(async () => (await redisReadiness()) === 'ok', { what: 'Redis to be back' });
  return performance.now() - since;
}

test('through a Redis outage, sign-in, profiles, invitations and uploads keep working, and it recovers by itself', async () => {
  const before = await round(traffic);
  expect(before.map((answer) => answer.status)).toEqual([200, 200, 201, 201]);

  await cutRedis();
  const during = await rounds(traffic, 3);
  expect(during.filter((answer) => answer.status >= 300)).toEqual([]);

  const recoveredInMs = await restoreRedis();
  expect(recoveredInMs).toBeLessThan(2_000);
  const after = await round(traffic);
  expect(after.map((answer) => answer.status)).toEqual([200, 200, 201, 201]);

  const answers = [...before, ...during, ...after];
  expectNoFailureOrHang(before, [...during, ...after]);
  await expectWritesKept(t, answers);
  expect(await invitedWithoutMail(t)).toEqual([]);
});

test('while Redis is down no cached session is trusted: a revocation this process cannot hear of still refuses the token', async () => {
  const tokens = await loginTokens(t, user);
  expect((await getProfile(t, tokens.access_token)).statusCode).toBe(200); // now cached

  await cutRedis();
  // Another process ends the session; its announcement cannot reach this one.
  await t.db
    .updateTable('sessions')
    .set({ revoked_at: toIso(t.clock.now()) })
    .where('id', '=', sessionOf(tokens))
    .execute();
  expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
  await restoreRedis();
  expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
});

test('while Redis is down, sign-in failures lock the account after half as many (stricter, not looser)', async () => {
  const target = await createUser(t);
  await cutRedis();
  for (let i = 0; i < MAX_FAILURES / 2; i += 1) {
    expect((await login(t, target.email, 'Wrong-Password-1')).statusCode).toBe(400);
  }
  const locked = await login(t, target.email, target.password);
  expect(locked.statusCode).toBe(429);
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  await restoreRedis();
});
