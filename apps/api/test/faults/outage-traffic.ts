import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { multipart, pngPart, solidPng } from '../images.js';
import {
  createUser,
  loginTokens,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../helpers.js';

/** The light load a fault test keeps up while a dependency goes away and comes back. */
export type CallKind = 'sign-in' | 'profile' | 'invitation' | 'upload';
export const CALL_KINDS: CallKind[] = ['sign-in', 'profile', 'invitation', 'upload'];

export interface Answer {
  kind: CallKind;
  /** 0 when no answer came within the client's patience. */
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
  /** What a 2xx wrote: the invited address, or the uploaded file's public path. */
  wrote?: string;
}

/** A client gives up after this long: longer than any bound the server sets itself. */
const CLIENT_PATIENCE_MS = 10_000;

export interface Traffic {
  baseUrl: string;
  user: TestUser;
  userToken: string;
  adminToken: string;
  picture: Buffer;
}

/** Puts the app on a real port, with a signed-in admin and staff member to send the calls. */
export async function startTraffic(t: TestApp): Promise<Traffic> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const admin = await createUser(t, { position: 'admin' });
  const user = await createUser(t);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    user,
    userToken: (await loginTokens(t, user)).access_token,
    adminToken: (await loginTokens(t, admin)).access_token,
    picture: await solidPng(64, 64),
  };
}

async function call(kind: CallKind, traffic: Traffic): Promise<Answer> {
  const { baseUrl, user, userToken, adminToken, picture } = traffic;
  const email = uniqueEmail('outage');
  const json = (token: string | undefined, body: unknown) => ({
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const upload = multipart([pngPart(picture)]);
  const requests: Record<CallKind, [string, RequestInit]> = {
    'sign-in': ['/api/auth/login', json(undefined, { email: user.email, password: TEST_PASSWORD })],
    profile: ['/api/users/profile', { headers: { authorization: `Bearer ${userToken}` } }],
    invitation: [
      '/api/users/bulk-create',
      json(adminToken, { users: [{ email, position: 'contractor' }] }),
    ],
    upload: [
      '/api/uploads?dir=users',
      {
        method: 'POST',
        headers: { ...upload.headers, authorization: `Bearer ${userToken}` },
        body: new Uint8Array(upload.payload),
      },
    ],
  };
  const [url, init] = requests[kind];
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      ...init,
      signal: AbortSignal.timeout(CLIENT_PATIENCE_MS),
    });
    const body: unknown = await response.json();
    const ms = performance.now() - started;
    const ok = response.status >= 200 && response.status < 300;
    const written =
      kind === 'invitation' ? email : (body as { data?: { path?: string } }).data?.path;
    return {
      kind,
      status: response.status,
      ms,
      retryAfter: response.headers.get('retry-after'),
      body,
      ...(ok && (kind === 'invitation' || kind === 'upload') ? { wrote: written } : {}),
    };
  } catch {
    return { kind, status: 0, ms: performance.now() - started, retryAfter: null, body: null };
  }
}

/** One call of each kind (or of the kinds given), at once. */
export const round = (traffic: Traffic, kinds: CallKind[] = CALL_KINDS) =>
  Promise.all(kinds.map((kind) => call(kind, traffic)));

/** Rounds until each kind has been answered `perKind` times (the outage lasts that long). */
export async function rounds(traffic: Traffic, perKind: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < perKind; i += 1) answers.push(...(await round(traffic)));
  return answers;
}

/**
 * Never a 500, never a hang: every answer came, and none took longer than the bound (2 s)
 * or, on a machine so loaded that calls were already that slow before the fault, twice the
 * slowest answer of its kind before it. A dependency that made calls wait (a queue, a retry
 * loop, a timeout of several seconds) shows at once against either.
 */
export function expectNoFailureOrHang(baseline: Answer[], answers: Answer[]): void {
  const all = [...baseline, ...answers];
  const bad = all.filter((answer) => answer.status === 0 || answer.status === 500);
  expect(bad, 'answers that were a 500 or no answer at all').toEqual([]);
  const limit = (kind: CallKind) =>
    Math.max(2_000, 2 * Math.max(...baseline.filter((a) => a.kind === kind).map((a) => a.ms)));
  const slow = answers.filter((answer) => answer.ms > limit(answer.kind));
  expect(slow, 'answers slower than 2 s (or twice as slow as before the fault)').toEqual([]);
}

/** 503 with Retry-After and the contract's body. */
export function expectUnavailable(answer: Answer): void {
  expect({ kind: answer.kind, status: answer.status }).toEqual({ kind: answer.kind, status: 503 });
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body).toEqual({ code: 503, message: expect.any(String) as string });
}

/** Every write that was answered 2xx is there, and no file lies on disk without its row. */
export async function expectWritesKept(t: TestApp, answers: Answer[]): Promise<void> {
  const invited = answers.filter((a) => a.kind === 'invitation' && a.wrote).map((a) => a.wrote!);
  const uploaded = answers.filter((a) => a.kind === 'upload' && a.wrote).map((a) => a.wrote!);
  for (const email of invited) {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user, `invited ${email}`).toBeDefined();
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', email)
      .execute();
    expect(mails, `invitation mail to ${email}`).toHaveLength(1);
  }
  const rows = await t.db.selectFrom('uploads').select('path').execute();
  const paths = new Set(rows.map((row) => row.path));
  for (const written of uploaded) expect(paths.has(written), `upload ${written}`).toBe(true);
  const files = readdirSync(path.join(t.config.uploadDir, 'users'));
  expect(files.filter((file) => !paths.has(`/api/files/users/${file}`))).toEqual([]);
}

/** Users invited during the test with no invitation mail (a write left half done). */
export async function invitedWithoutMail(t: TestApp): Promise<string[]> {
  const rows = await t.db
    .selectFrom('users')
    .leftJoin('mail_outbox', 'mail_outbox.recipient', 'users.email')
    .select('users.email')
    .where('users.status', '=', 'pending')
    .where('mail_outbox.id', 'is', null)
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Waits for the server to serve again, and answers how long after `since` the first round that
 * succeeded was sent (the round's own time is the machine's, not the recovery's).
 */
export async function recoveryMs(traffic: Traffic, since: number): Promise<number> {
  for (;;) {
    const sent = performance.now();
    const answers = await round(traffic);
    if (answers.every((answer) => answer.status >= 200 && answer.status < 300)) {
      return sent - since;
    }
    if (performance.now() - since > CLIENT_PATIENCE_MS) return Number.POSITIVE_INFINITY;
  }
}
