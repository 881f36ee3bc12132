import { existsSync } from 'node:fs';
import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { EXIT_OK, runCli } from '../../src/cli/run-cli.js';
import { toIso } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { ENDED_CHALLENGE_KEEP_MS } from '../../src/modules/retention/retention.service.js';
import {
  bearer,
  createTestApp,
  createUser,
  insertLinkToken,
  loginTokens,
  uploadedFilePath,
  uploadFiles,
  type TestApp,
  type TestUser,
  waitUntil,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';
import { totpCode, twoStepClient } from '../two-step/two-step-client.js';

const DAY = 86_400_000;
const longAgo = (days: number) => toIso(t.clock.now() - days * DAY);

let t: TestApp;

/**
 * An app runs retention once as it starts, not awaited by ready(), holding the job's lease while
 * it runs: a test's own run waits for it to have finished, or finds the lease held and does not
 * run (`ran: false`).
 */
const startUpRunFinished = (app: TestApp) =>
  waitUntil(
    async () => {
      const lease = await app.db
        .selectFrom('job_leases')
        .select('last_finished_at')
        .where('name', '=', 'retention')
        .executeTakeFirst();
      return lease?.last_finished_at != null;
    },
    { what: "the app's start-up retention run finished" },
  );

beforeAll(async () => {
  t = await createTestApp();
  await startUpRunFinished(t);
});
afterAll(() => t.close());

/** Moves the user's activity into the past: last sign-in (or creation) `days` ago. */
async function idleFor(user: { id: string }, days: number, { signedIn = true } = {}) {
  await t.db
    .updateTable('users')
    .set(
      signedIn
        ? { last_login_at: longAgo(days), created_at: longAgo(days + 30) }
        : { last_login_at: null, created_at: longAgo(days) },
    )
    .where('id', '=', user.id)
    .execute();
}

const exists = async (id: string) =>
  (await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

/** Uploads a picture, and makes it the user's picture unless `use` is false. */
async function uploadPicture(user: TestUser, tokens: TokenPair, use = true): Promise<string> {
  const uploaded = await uploadFiles(t, tokens.access_token, [pngPart(await solidPng(40, 40))]);
  const picture = uploaded.json().data.path as string;
  if (!use) return picture;
  await t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: bearer(tokens.access_token),
    payload: { fullName: user.fullName ?? 'Someone', imageUrl: picture },
  });
  return picture;
}

const onDisk = (publicPath: string) => uploadedFilePath(t, publicPath);

describe('account expiry', () => {
  it('deletes an account unused for a year with its data, and leaves only an anonymous id', async () => {
    const stale = await createUser(t, { email: 'stale@example.com' });
    const tokens = await loginTokens(t, stale);
    const picture = await uploadPicture(stale, tokens);
    // Uploaded but never used: theirs all the same.
    const spare = await uploadPicture(stale, tokens, false);
    expect(existsSync(onDisk(picture))).toBe(true);
    expect(existsSync(onDisk(spare))).toBe(true);
    await idleFor(stale, 366);
    const recent = await createUser(t);
    await idleFor(recent, 300);
    const fresh = await createUser(t);

    const report = await t.services.retention.run();
    expect(report).toMatchObject({ ran: true, expiredAccounts: 1 });

    expect(await exists(stale.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(fresh.id)).toBe(true);
    expect(existsSync(onDisk(spare))).toBe(false);
    expect(existsSync(onDisk(picture))).toBe(false);
    const uploads = await t.db
      .selectFrom('uploads')
      .select('id')
      .where('path', 'in', [picture, spare])
      .execute();
    expect(uploads).toEqual([]);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', stale.id)
      .execute();
    expect(sessions).toEqual([]);
    // Their token no longer works.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.statusCode).toBe(401);

    // The audit trail keeps what happened, but not who: one anonymous id, no IP, no user agent.
    const named = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where((eb) => eb.or([eb('actor_id', '=', stale.id), eb('target_id', '=', stale.id)]))
      .execute();
    expect(named).toEqual([]);
    const expired = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.expired')
      .executeTakeFirstOrThrow();
    const anonymous = expired.target_id!;
    expect(JSON.parse(expired.details!)).toMatchObject({ position: 'contractor' });
    const theirs = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where((eb) => eb.or([eb('actor_id', '=', anonymous), eb('target_id', '=', anonymous)]))
      .execute();
    expect(theirs.map((event) => event.action)).toEqual(
      expect.arrayContaining(['auth.login_succeeded', 'upload.created', 'user.expired']),
    );
    for (const event of theirs) expect([event.ip, event.user_agent]).toEqual([null, null]);
    expect(JSON.stringify(theirs)).not.toContain('stale@example.com');
  });

  it('counts creation for accounts that never signed in, pending ones included', async () => {
    const neverUsed = await createUser(t, { status: 'pending' });
    await idleFor(neverUsed, 400, { signedIn: false });
    const newcomer = await createUser(t, { status: 'pending' });
    await t.services.retention.run();
    expect(await exists(neverUsed.id)).toBe(false);
    expect(await exists(newcomer.id)).toBe(true);
  });

  it('never expires the last active admin, but does expire other stale admins', async () => {
    const solo = await createTestApp();
    try {
      await startUpRunFinished(solo);
      const idle = (user: { id: string }, days: number) =>
        solo.db
          .updateTable('users')
          .set({ last_login_at: longAgo(days), created_at: longAgo(days + 1) })
          .where('id', '=', user.id)
          .execute();
      const older = await createUser(solo, { position: 'admin' });
      const newer = await createUser(solo, { position: 'admin' });
      await idle(older, 700);
      await idle(newer, 500);

      const plan = await solo.services.retention.plan();
      expect(plan.accounts.map((a) => a.id)).toEqual([older.id]);
      expect(plan.kept.map((a) => a.id)).toEqual([newer.id]);

      expect(await solo.services.retention.run()).toMatchObject({
        expiredAccounts: 1,
        keptAccounts: 1,
      });
      const left = await solo.db.selectFrom('users').select('id').execute();
      expect(left.map((row) => row.id)).toEqual([newer.id]);
      // Still the last one, still kept, run after run.
      expect(await solo.services.retention.run()).toMatchObject({ expiredAccounts: 0 });
    } finally {
      await solo.close();
    }
  });

  it('runs once at a time across processes: a second run while one holds the lease does nothing', async () => {
    const stale = await createUser(t);
    await idleFor(stale, 500);
    const [first, second] = await Promise.all([
      t.services.retention.run(),
      t.services.retention.run(),
    ]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect(first.expiredAccounts + second.expiredAccounts).toBe(1);
    expect(await exists(stale.id)).toBe(false);
    // The lease is given back: the next run runs.
    expect((await t.services.retention.run()).ran).toBe(true);
  });

  it('runs when an app starts and the period has no run yet', async () => {
    const stale = await createUser(t);
    await idleFor(stale, 800);
    // As in a fresh cluster: no process has taken this period's run yet (the test app took it
    // at its start).
    await t.db.deleteFrom('job_leases').where('name', '=', 'retention:period').execute();
    const another = await buildApp(t.config, {
      database: t.database,
      logger: createLogger('silent'),
      clock: t.clock,
    });
    await another.ready();
    try {
      // The start-up run is the app's own (not awaited by ready()): wait for its effect.
      await waitUntil(async () => !(await exists(stale.id)), { what: 'the stale account expired' });
    } finally {
      await another.close();
    }
  });
});

describe('lapsed invitations', () => {
  it('are marked expired once, audited, and read as expired', async () => {
    const invitee = await createUser(t, { status: 'pending' });
    const lapsed = await insertLinkToken(t, invitee.id, 'confirmation_token', -60_000);
    const live = await createUser(t, { status: 'pending' });
    const valid = await insertLinkToken(t, live.id, 'confirmation_token');

    expect((await t.services.retention.run()).expiredInvitations).toBe(1);
    expect((await t.services.retention.run()).expiredInvitations).toBe(0);

    const rows = await t.db
      .selectFrom('one_time_tokens')
      .select(['user_id', 'expired_at'])
      .where('user_id', 'in', [invitee.id, live.id])
      .execute();
    const byUser = Object.fromEntries(rows.map((row) => [row.user_id, row.expired_at]));
    expect(byUser[invitee.id]).toMatch(/Z$/);
    expect(byUser[live.id]).toBeNull();

    const check = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/check-token',
        query: { token, jwtTokenType: 'confirmation_token' },
      });
    expect((await check(lapsed)).json().data.tokenStatus).toBe('expired');
    expect((await check(valid)).json().data.tokenStatus).toBe('valid');
    const events = await t.db
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('action', '=', 'invitation.expired')
      .execute();
    expect(events).toEqual([{ action: 'invitation.expired', target_id: invitee.id }]);
  });
});

describe('npm run retention', () => {
  it('lists what would go with --dry-run and changes nothing, then does it', async () => {
    const stale = await createUser(t, { email: 'forgotten@example.com' });
    await idleFor(stale, 420);
    const pending = await createUser(t, { email: 'never-came@example.com', status: 'pending' });
    await insertLinkToken(t, pending.id, 'confirmation_token', -1_000);
    let stdout = '';
    const io = { stdout: (text: string) => void (stdout += text), stderr: () => {} };

    expect(await runCli(['retention', '--dry-run'], { config: t.config, io })).toBe(EXIT_OK);
    expect(stdout).toContain('Accounts that would expire (no sign-in before the cutoff): 1');
    expect(stdout).toMatch(
      /forgotten@example\.com {2}contractor {2}active {2}last activity \d{4}-/,
    );
    expect(stdout).toContain('Invitations that would be marked expired: 1');
    expect(stdout).toContain('never-came@example.com');
    expect(stdout).toContain('Dry run: nothing was changed.');
    expect(await exists(stale.id)).toBe(true);

    stdout = '';
    expect(await runCli(['retention'], { config: t.config, io })).toBe(EXIT_OK);
    expect(stdout).toBe('Expired 1 account and 1 invitation; kept 0 (the last active admin).\n');
    expect(await exists(stale.id)).toBe(false);
  });
});

describe('ended two-step challenges', () => {
  it('deletes sign-in and passkey registration challenges a day after they ended, never live ones', async () => {
    const own = await createTestApp();
    const { challenge, secondStep, passwordTokens, enrolTotp, signInWithTotp, ok } = twoStepClient(
      () => own,
    );
    const rows = async () => ({
      challenges: await own.db.selectFrom('sign_in_challenges').select('id').execute(),
      registrations: await own.db
        .selectFrom('webauthn_registrations')
        .select('expires_at')
        .execute(),
    });
    try {
      await startUpRunFinished(own);
      const user = await createUser(own);
      const tokens = await passwordTokens(user);
      // A passkey registration started and never answered (this session's sign-in is recent).
      await ok('POST', '/users/profile/passkeys/options', tokens.access_token);
      const { secret } = await enrolTotp(tokens.access_token);
      // One challenge used (a completed sign-in), one abandoned after the password.
      await signInWithTotp(user, secret);
      const abandoned = await challenge(user);
      expect((await rows()).challenges).toHaveLength(2);
      expect((await rows()).registrations).toHaveLength(1);

      // Each ended when it expired, five minutes after it was made. A day after the first one
      // ended, all three are still kept.
      const [registration] = (await rows()).registrations;
      own.clock.set(Date.parse(registration!.expires_at) + ENDED_CHALLENGE_KEEP_MS - 1_000);
      expect(await own.services.retention.run()).toMatchObject({
        ran: true,
        removedSignInChallenges: 0,
        removedPasskeyRegistrations: 0,
      });
      expect((await rows()).challenges).toHaveLength(2);

      // Just past a day after the last one ended, with the live challenge of a new sign-in.
      own.clock.set(Date.parse(abandoned.expires_at) + ENDED_CHALLENGE_KEEP_MS + 1_000);
      const live = await challenge(user);
      expect(await own.services.retention.run()).toMatchObject({
        ran: true,
        removedSignInChallenges: 2,
        removedPasskeyRegistrations: 1,
      });
      expect(await rows()).toEqual({ challenges: [expect.anything()], registrations: [] });
      expect((await own.services.retention.run()).removedSignInChallenges).toBe(0);

      // The live one still signs in.
      const response = await secondStep(
        live.challenge_token,
        'totp',
        totpCode(secret, own.clock.now()),
      );
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await own.close();
    }
  });
});
