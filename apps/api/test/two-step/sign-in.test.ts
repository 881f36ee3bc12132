import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_MESSAGES,
  type TwoStepStatus,
  type User,
} from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, getProfile, login, type TestApp } from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import { totpCode, twoStepClient } from './two-step-client.js';

let t: TestApp;
let smtp: TestSmtpServer;
const client = twoStepClient(() => t);
const { call, ok, challenge, secondStep, passwordTokens, enrolTotp, signInWithTotp } = client;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV, LOGIN_FAILURES_BEFORE_LOCK: '3' },
  });
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const auditOf = (action: string, targetId: string) =>
  t.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();

describe('authenticator app (TOTP)', () => {
  it('is set up with a QR code and one code; then sign-in asks for the second step', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    const setup = await ok<{ secret: string; otpauthUrl: string; qrCode: string }>(
      'POST',
      '/users/profile/two-step/totp',
      tokens.access_token,
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Staff%20Admin:/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    // Pending: the account still signs in with the password alone.
    const pending = await ok<TwoStepStatus>('GET', '/users/profile/two-step', tokens.access_token);
    expect(pending).toMatchObject({ enabled: false, totp: false, recoveryCodesLeft: 0 });

    // The secret is sealed at rest, never stored as it was shown.
    const row = await t.db
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(setup.secret);

    const wrong = await call('POST', '/users/profile/two-step/totp/confirm', tokens.access_token, {
      code: totpCode(setup.secret, t.clock.now() + 5 * 60_000),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBe(TWO_STEP_MESSAGES.wrongCode);

    const { recoveryCodes } = await ok<{ recoveryCodes: string[] }>(
      'POST',
      '/users/profile/two-step/totp/confirm',
      tokens.access_token,
      { code: totpCode(setup.secret, t.clock.now()) },
    );
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);

    const status = await ok<TwoStepStatus>('GET', '/users/profile/two-step', tokens.access_token);
    expect(status).toMatchObject({
      enabled: true,
      totp: true,
      passkeys: [],
      recoveryCodesLeft: 10,
    });
    expect(JSON.stringify(status)).not.toContain(setup.secret);

    // The same session sees the change at once (the session cache was told).
    const profile = await getProfile(t, tokens.access_token);
    expect(profile.json<{ data: User }>().data).toMatchObject({
      twoStepEnabled: true,
      twoStepRequired: false,
    });

    const again = await call('POST', '/users/profile/two-step/totp', tokens.access_token);
    expect(again.statusCode).toBe(409);

    const second = await challenge(user);
    expect(second.methods).toEqual(['totp', 'recovery_code']);
    expect(Date.parse(second.expires_at)).toBe(t.clock.now() + 5 * 60_000);
    t.clock.advance(30_000);
    const signedIn = await secondStep(
      second.challenge_token,
      'totp',
      totpCode(setup.secret, t.clock.now()),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const pair = signedIn.json<{ data: { access_token: string } }>().data;
    expect((await getProfile(t, pair.access_token)).statusCode).toBe(200);

    const [succeeded] = await auditOf('auth.login_succeeded', user.id).then((rows) =>
      rows.filter((r) => r.details?.includes('"totp"')),
    );
    expect(succeeded).toBeDefined();
    expect(await auditOf('two_step.enabled', user.id)).toHaveLength(1);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Two-step sign-in: An authenticator app added');
  });

  it('accepts a code one step either side, refuses two steps off and any replay', async () => {
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);
    const attempt = async (offsetSteps: number) => {
      const { challenge_token } = await challenge(user);
      return secondStep(
        challenge_token,
        'totp',
        totpCode(secret, t.clock.now() + offsetSteps * 30_000),
      );
    };

    t.clock.advance(10 * 30_000);
    expect((await attempt(-2)).statusCode).toBe(400);
    expect((await attempt(2)).statusCode).toBe(400);
    expect((await attempt(-1)).statusCode).toBe(200);
    // The same code again, and an older one: replays.
    const replay = await attempt(-1);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.code).toBe(TWO_STEP_MESSAGES.wrongCode);
    expect((await attempt(0)).statusCode).toBe(200);
    expect((await attempt(0)).statusCode).toBe(400);
    expect((await attempt(1)).statusCode).toBe(200);
    expect((await attempt(1)).statusCode).toBe(400);
    // A failure of the second step is audited.
    expect((await auditOf('auth.second_step_failed', user.id)).length).toBe(5);
    // Five wrong codes with LOGIN_FAILURES_BEFORE_LOCK=3 and successes between: the successes
    // forgot the failures, so no lock now.
    t.clock.advance(60_000);
    expect((await attempt(0)).statusCode).toBe(200);
  });

  it('is turned off with a recent confirmation: codes go with the last factor; mailed', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    await enrolTotp(tokens.access_token);
    await smtp.waitForMail(user.email);
    t.clock.advance(5 * 60_000 + 1);
    const stale = await call('DELETE', '/users/profile/two-step/totp', tokens.access_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      code: 403,
      message: TWO_STEP_MESSAGES.reauthenticationRequired,
      reason: 'reauthentication_required',
    });
    // Without the code the password is not enough.
    const noCode = await call('POST', '/auth/reauthenticate', tokens.access_token, {
      password: user.password,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.code).toBe(TWO_STEP_MESSAGES.codeRequired);
    const status = await ok<TwoStepStatus>('GET', '/users/profile/two-step', tokens.access_token);
    expect(status.reauthenticatedUntil).toBeNull();
  });
});

describe('recovery codes', () => {
  it('each works once; new ones replace them all; using one is mailed and audited', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    const { recoveryCodes } = await enrolTotp(tokens.access_token);
    await smtp.waitForMail(user.email);
    const [first = '', second = ''] = recoveryCodes;

    const used = await secondStep((await challenge(user)).challenge_token, 'recovery_code', first);
    expect(used.statusCode, used.body).toBe(200);
    const mail = await smtp.waitForMail(user.email, { nth: 2 });
    expect(mail.subject).toBe('A recovery code was used to sign in');
    expect(mail.text).toContain('9 recovery codes left');
    expect(await auditOf('two_step.recovery_code_used', user.id)).toHaveLength(1);

    const again = await secondStep((await challenge(user)).challenge_token, 'recovery_code', first);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.code).toBe(TWO_STEP_MESSAGES.wrongRecoveryCode);

    // Typed in lower case, without the dash: the same code.
    const typed = second.replace('-', '').toLowerCase();
    const lower = await secondStep((await challenge(user)).challenge_token, 'recovery_code', typed);
    expect(lower.statusCode, lower.body).toBe(200);

    const fresh = await ok<{ recoveryCodes: string[] }>(
      'POST',
      '/users/profile/two-step/recovery-codes',
      tokens.access_token,
    );
    expect(fresh.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await auditOf('two_step.recovery_codes_regenerated', user.id)).toHaveLength(1);
    const old = recoveryCodes[2] ?? '';
    const refused = await secondStep((await challenge(user)).challenge_token, 'recovery_code', old);
    expect(refused.statusCode).toBe(400);
    const status = await ok<TwoStepStatus>('GET', '/users/profile/two-step', tokens.access_token);
    expect(status.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    const works = await secondStep(
      (await challenge(user)).challenge_token,
      'recovery_code',
      fresh.recoveryCodes[0] ?? '',
    );
    expect(works.statusCode).toBe(200);

    // Stored hashed only.
    const rows = await t.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    const hashes = rows.map((row) => row.code_hash).join(' ');
    for (const code of fresh.recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));

    // Making new codes needs a recent confirmation.
    t.clock.advance(5 * 60_000 + 1);
    const stale = await call('POST', '/users/profile/two-step/recovery-codes', tokens.access_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().reason).toBe('reauthentication_required');
  });

  it('cannot be made without a factor (409)', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    const response = await call(
      'POST',
      '/users/profile/two-step/recovery-codes',
      tokens.access_token,
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('sign-in challenge', () => {
  it('expires after 5 minutes, is single use, and is no access token (nor the reverse)', async () => {
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);

    const expired = await challenge(user);
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await secondStep(expired.challenge_token, 'totp', totpCode(secret, t.clock.now()));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(TWO_STEP_MESSAGES.challengeInvalid);

    const live = await challenge(user);
    // As a bearer token it is nothing.
    expect((await getProfile(t, live.challenge_token)).statusCode).toBe(401);
    const tokens = await ok<{ access_token: string; refresh_token: string }>(
      'POST',
      '/auth/login/second-step',
      undefined,
      {
        challenge_token: live.challenge_token,
        method: 'totp',
        code: totpCode(secret, t.clock.now()),
      },
    );
    // Used once: never again.
    t.clock.advance(30_000);
    const reused = await secondStep(live.challenge_token, 'totp', totpCode(secret, t.clock.now()));
    expect(reused.statusCode).toBe(401);
    // An access token or refresh token is no challenge.
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      const response = await secondStep(token, 'totp', totpCode(secret, t.clock.now()));
      expect(response.statusCode).toBe(401);
    }
    const unknown = await secondStep('x'.repeat(43), 'totp', '123456');
    expect(unknown.statusCode).toBe(401);
  });

  it('answers 400 for a malformed code and an unknown method, never 500', async () => {
    const user = await createUser(t);
    await enrolTotp((await passwordTokens(user)).access_token);
    const { challenge_token } = await challenge(user);
    for (const payload of [
      { challenge_token, method: 'totp', code: '12345' },
      { challenge_token, method: 'totp', code: 'abcdef' },
      { challenge_token, method: 'recovery_code', code: 'IIIII-IIIII' },
      { challenge_token, method: 'sms', code: '123456' },
      { challenge_token, method: 'totp' },
      {},
    ]) {
      const response = await call('POST', '/auth/login/second-step', undefined, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('lockout', () => {
  it('counts wrong codes toward the email lock: then 429 even with the right code', async () => {
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);
    const { challenge_token } = await challenge(user);
    t.clock.advance(60_000);
    for (let index = 0; index < 3; index += 1) {
      const wrong = await secondStep(
        challenge_token,
        'totp',
        totpCode(secret, t.clock.now() + 3_600_000),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.code).toBe(TWO_STEP_MESSAGES.wrongCode);
    }
    const locked = await secondStep(challenge_token, 'totp', totpCode(secret, t.clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login(t, user.email, user.password)).statusCode).toBe(429);
    expect((await auditOf('auth.locked_out', user.id)).length).toBeGreaterThan(0);

    // After the lock the right code works, and a right password alone does not clear failures.
    t.clock.advance(2 * 60_000);
    const after = await challenge(user);
    const ok200 = await secondStep(after.challenge_token, 'totp', totpCode(secret, t.clock.now()));
    expect(ok200.statusCode, ok200.body).toBe(200);
  });

  it('counts wrong codes at re-authentication too', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    await enrolTotp(tokens.access_token);
    for (let index = 0; index < 3; index += 1) {
      const wrong = await call('POST', '/auth/reauthenticate', tokens.access_token, {
        password: user.password,
        code: 'ZZZZZ-ZZZZZ',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.code).toBe(TWO_STEP_MESSAGES.wrongRecoveryCode);
    }
    const locked = await call('POST', '/auth/reauthenticate', tokens.access_token, {
      password: user.password,
      code: '000000',
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('re-authentication', () => {
  it('opens sensitive calls for 5 minutes; wrong password is 400; code required with two-step', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    const { secret, recoveryCodes } = await enrolTotp(tokens.access_token);
    t.clock.advance(6 * 60_000);
    const newPassword = {
      password: user.password,
      newPassword: 'Another-Horse-7',
      confirmNewPassword: 'Another-Horse-7',
    };
    const refused = await call('PATCH', '/users/change-password', tokens.access_token, newPassword);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('reauthentication_required');

    const wrongPassword = await call('POST', '/auth/reauthenticate', tokens.access_token, {
      password: 'Not-The-Password-1',
      code: totpCode(secret, t.clock.now()),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors.password).toBeDefined();

    const confirmed = await ok<{ reauthenticatedUntil: string }>(
      'POST',
      '/auth/reauthenticate',
      tokens.access_token,
      { password: user.password, code: totpCode(secret, t.clock.now()) },
    );
    expect(Date.parse(confirmed.reauthenticatedUntil)).toBe(t.clock.now() + 5 * 60_000);
    expect(await auditOf('auth.reauthenticated', user.id)).toHaveLength(1);
    const status = await ok<TwoStepStatus>('GET', '/users/profile/two-step', tokens.access_token);
    expect(status.reauthenticatedUntil).toBe(confirmed.reauthenticatedUntil);

    // A recovery code works as the code too.
    const byRecovery = await call('POST', '/auth/reauthenticate', tokens.access_token, {
      password: user.password,
      code: recoveryCodes[0],
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);

    t.clock.advance(4 * 60_000);
    const changed = await call('PATCH', '/users/change-password', tokens.access_token, newPassword);
    expect(changed.statusCode, changed.body).toBe(200);

    // Turning the authenticator off is then allowed; the codes go with it.
    const off = await ok<TwoStepStatus>(
      'DELETE',
      '/users/profile/two-step/totp',
      tokens.access_token,
    );
    expect(off).toMatchObject({ enabled: false, totp: false, recoveryCodesLeft: 0 });
    expect(await auditOf('two_step.disabled', user.id)).toHaveLength(1);
    const again = await call('DELETE', '/users/profile/two-step/totp', tokens.access_token);
    expect(again.statusCode).toBe(409);
    const tokensNow = await login(t, user.email, 'Another-Horse-7');
    expect(tokensNow.json().data.access_token).toBeDefined();
  });

  it('without two-step, the password alone confirms and change-password needs no confirmation', async () => {
    const user = await createUser(t);
    const tokens = await passwordTokens(user);
    t.clock.advance(6 * 60_000);
    const setup = await call('POST', '/users/profile/two-step/totp', tokens.access_token);
    expect(setup.statusCode).toBe(403);
    const confirmed = await call('POST', '/auth/reauthenticate', tokens.access_token, {
      password: user.password,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (await call('POST', '/users/profile/two-step/totp', tokens.access_token)).statusCode,
    ).toBe(200);
    const change = await call('PATCH', '/users/change-password', tokens.access_token, {
      password: user.password,
      newPassword: 'Another-Horse-8',
      confirmNewPassword: 'Another-Horse-8',
    });
    expect(change.statusCode, change.body).toBe(200);
  });
});

describe('admin reset', () => {
  it('removes the factors and codes, mails the user and is audited', async () => {
    const admin = await createUser(t, { position: 'admin' });
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);
    await smtp.waitForMail(user.email);
    const adminTokens = await passwordTokens(admin);

    const listed = await ok<User>('GET', `/users/${user.id}`, adminTokens.access_token);
    expect(listed.twoStepEnabled).toBe(true);

    const byOther = await signInWithTotp(user, secret);
    const notAdmin = await call('DELETE', `/users/${admin.id}/two-step`, byOther.access_token);
    expect(notAdmin.statusCode).toBe(403);

    const reset = await ok<User>('DELETE', `/users/${user.id}/two-step`, adminTokens.access_token);
    expect(reset).toMatchObject({ id: user.id, twoStepEnabled: false });
    const mail = await smtp.waitForMail(user.email, { nth: 2 });
    expect(mail.subject).toBe('Your two-step sign-in was reset');
    const [event] = await auditOf('two_step.reset', user.id);
    expect(event?.actor_id).toBe(admin.id);
    const counts = await Promise.all(
      (['totp_factors', 'recovery_codes', 'passkeys'] as const).map((table) =>
        t.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute(),
      ),
    );
    expect(counts.map((rows) => rows.length)).toEqual([0, 0, 0]);
    // The password alone signs in again.
    expect((await passwordTokens(user)).access_token).toBeDefined();

    const none = await call('DELETE', `/users/${user.id}/two-step`, adminTokens.access_token);
    expect(none.statusCode).toBe(409);
    const missing = await call(
      'DELETE',
      '/users/00000000-0000-4000-8000-000000000000/two-step',
      adminTokens.access_token,
    );
    expect(missing.statusCode).toBe(404);
    const bad = await call('DELETE', '/users/not-an-id/two-step', adminTokens.access_token);
    expect(bad.statusCode).toBe(404);
    expect(bearer('x')).toBeDefined();
  });
});
