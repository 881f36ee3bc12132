import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  REAUTHENTICATION_WINDOW_MS,
  SIGN_IN_CHALLENGE_TTL_MS,
  TWO_STEP_MESSAGES,
  type Passkey,
  type SecondStepRequired,
  type TokenPair,
  type TwoStepStatus,
} from '@staff-admin/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  login,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { FAST_MAIL_ENV, startSmtpServer, type TestSmtpServer } from '../smtp.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

describe('the software authenticator (test helper) against @simplewebauthn/server', () => {
  async function registered(authenticator = new SoftwareAuthenticator({ origin: ORIGIN })) {
    const options = await generateRegistrationOptions({
      rpName: 'Staff Admin',
      rpID: RP_ID,
      userName: 'someone@example.com',
      userID: new TextEncoder().encode('user-1'),
      attestationType: 'none',
    });
    const verification = await verifyRegistrationResponse({
      response: authenticator.register(options),
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
    });
    if (!verification.verified) throw new Error('registration not verified');
    return { authenticator, credential: verification.registrationInfo.credential, verification };
  }

  it('registers with "none" attestation, a verified user and its credential id and key', async () => {
    const { authenticator, credential, verification } = await registered();
    expect(verification.registrationInfo.fmt).toBe('none');
    expect(verification.registrationInfo.userVerified).toBe(true);
    expect(verification.registrationInfo.aaguid).toBe('00000000-0000-0000-0000-000000000000');
    expect(credential.id).toBe(authenticator.id);
    expect(credential.counter).toBe(0);
    expect(Buffer.from(credential.publicKey)).toEqual(authenticator.cosePublicKey());
  });

  it('signs assertions that verify, with a growing counter, and a replayed counter is refused', async () => {
    const { authenticator, credential } = await registered();
    const options = await generateAuthenticationOptions({
      rpID: RP_ID,
      allowCredentials: [{ id: credential.id }],
    });
    const verification = await verifyAuthenticationResponse({
      response: authenticator.authenticate(options),
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
      credential,
    });
    expect(verification.verified).toBe(true);
    expect(verification.authenticationInfo.newCounter).toBe(1);

    await expect(
      verifyAuthenticationResponse({
        response: authenticator.authenticate(options, { counter: 1 }),
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential: { ...credential, counter: 1 },
      }),
    ).rejects.toThrow(/counter/);
  });

  it('is refused for another challenge, origin or RP ID, or with another key', async () => {
    const { authenticator, credential } = await registered();
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    const verify = (response: ReturnType<SoftwareAuthenticator['authenticate']>) =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential,
      });
    await expect(
      verify(authenticator.authenticate(options, { challenge: 'b3RoZXI' })),
    ).rejects.toThrow(/challenge/);
    await expect(
      verify(authenticator.authenticate(options, { origin: 'https://evil.example' })),
    ).rejects.toThrow(/origin/);
    await expect(
      verify(authenticator.authenticate(options, { rpId: 'evil.example' })),
    ).rejects.toThrow(/RP ID/i);
    const other = new SoftwareAuthenticator({ origin: ORIGIN });
    const forged = { ...other.authenticate(options), id: credential.id, rawId: credential.id };
    expect((await verify(forged)).verified).toBe(false);
  });

  it('an authenticator without a counter always sends 0, which passes while the stored one is 0', async () => {
    const { authenticator, credential } = await registered(
      new SoftwareAuthenticator({ origin: ORIGIN, keepsCounter: false }),
    );
    const options = await generateAuthenticationOptions({ rpID: RP_ID });
    for (let i = 0; i < 2; i += 1) {
      const verification = await verifyAuthenticationResponse({
        response: authenticator.authenticate(options),
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
        credential,
      });
      expect(verification.authenticationInfo.newCounter).toBe(0);
    }
  });
});

// --- Through the API, on a real app (SQLite, and PostgreSQL with TEST_DATABASE_URL) ---

const M = TWO_STEP_MESSAGES;
/** High enough for the refusal tests on one account; the lockout test reaches it. */
const LOCK_AFTER = 20;

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      ...FAST_MAIL_ENV,
      LOGIN_FAILURES_BEFORE_LOCK: String(LOCK_AFTER),
    },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Json = Record<string, unknown>;

function call(method: InjectOptions['method'], url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

/** A signed-in user without a second factor, and an authenticator for the app's origin. */
async function signedIn(): Promise<{
  user: TestUser;
  tokens: TokenPair;
  device: SoftwareAuthenticator;
}> {
  const user = await createUser(t);
  const response = await login(t, user.email, user.password);
  expect(response.statusCode).toBe(200);
  const tokens = response.json<{ data: TokenPair }>().data;
  return { user, tokens, device: new SoftwareAuthenticator({ origin: t.config.appUrl }) };
}

async function registrationOptions(token: string) {
  const response = await call('POST', '/users/profile/passkeys/options', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PublicKeyCredentialCreationOptionsJSON }>().data;
}

async function addPasskey(token: string, device: SoftwareAuthenticator, name = 'Laptop') {
  const response = await call('POST', '/users/profile/passkeys', token, {
    name,
    response: device.register(await registrationOptions(token)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { passkey: Passkey; recoveryCodes: string[] } }>().data;
}

async function twoStepStatus(token: string): Promise<TwoStepStatus> {
  const response = await call('GET', '/users/profile/two-step', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TwoStepStatus }>().data;
}

/** A user with a passkey (and its recovery codes), signed in. */
async function withPasskey() {
  const session = await signedIn();
  const added = await addPasskey(session.tokens.access_token, session.device);
  return { ...session, ...added };
}

/** The password step of a user with a second factor: the challenge. */
async function passwordStep(user: TestUser): Promise<SecondStepRequired['second_step']> {
  const response = await login(t, user.email, user.password);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ data: SecondStepRequired }>().data;
  expect(body.second_step).toBeDefined();
  return body.second_step;
}

async function signInOptions(challengeToken: string) {
  const response = await call('POST', '/auth/login/passkey-options', undefined, {
    challenge_token: challengeToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PublicKeyCredentialRequestOptionsJSON }>().data;
}

const assertWith = (challengeToken: string, response: unknown) =>
  call('POST', '/auth/login/passkey', undefined, { challenge_token: challengeToken, response });

const eventsFor = (userId: string) =>
  t.db
    .selectFrom('audit_events')
    .select(['action', 'actor_id', 'details'])
    .where('target_id', '=', userId)
    .orderBy('at')
    .execute();

const actionsFor = async (userId: string) => (await eventsFor(userId)).map((row) => row.action);

const expectError = (
  response: Awaited<ReturnType<typeof call>>,
  code: number,
  message?: string,
) => {
  expect(response.statusCode, response.body).toBe(code);
  const body = response.json<{ code: number; message: string }>();
  expect(body.code).toBe(code);
  if (message) expect(body.message).toBe(message);
  return body;
};

describe('adding a passkey', () => {
  it('offers options for this site and user, and the answer adds the passkey: two-step on, recovery codes once, audited, mailed', async () => {
    const { user, tokens, device } = await signedIn();
    const token = tokens.access_token;
    const options = await registrationOptions(token);
    expect(options.rp).toEqual({ name: 'Staff Admin', id: new URL(t.config.appUrl).hostname });
    expect(options.user.name).toBe(user.email);
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(user.id);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);

    const response = await call('POST', '/users/profile/passkeys', token, {
      name: '  Work laptop  ',
      response: device.register(options),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { passkey, recoveryCodes } = response.json<{
      data: { passkey: Passkey; recoveryCodes: string[] };
    }>().data;
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(recoveryCodes).toHaveLength(10);

    const status = await twoStepStatus(token);
    expect(status).toMatchObject({ enabled: true, totp: false, recoveryCodesLeft: 10 });
    expect(status.passkeys).toEqual([passkey]);
    // The session cache was told: the profile says so at once.
    expect(
      (await getProfile(t, token)).json<{ data: { twoStepEnabled: boolean } }>().data,
    ).toMatchObject({ twoStepEnabled: true });

    const stored = await t.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: user.id, credential_id: device.id });
    expect(Buffer.from(stored.public_key, 'base64url')).toEqual(device.cosePublicKey());
    expect(Number(stored.counter)).toBe(0);
    expect(JSON.parse(stored.transports ?? 'null')).toEqual(['internal', 'hybrid']);

    expect(await actionsFor(user.id)).toEqual(
      expect.arrayContaining(['passkey.added', 'two_step.enabled']),
    );
    const added = (await eventsFor(user.id)).find((row) => row.action === 'passkey.added');
    expect(added?.actor_id).toBe(user.id);
    expect(JSON.parse(added?.details ?? '{}')).toEqual({
      passkeyId: passkey.id,
      name: 'Work laptop',
    });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/passkey added/i);

    // A second one: the first is excluded from the options, and no new codes come back.
    t.clock.advance(1_000); // listed oldest first
    const next = await registrationOptions(token);
    expect(next.excludeCredentials).toEqual([
      { id: device.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const phone = new SoftwareAuthenticator({ origin: t.config.appUrl });
    const second = await call('POST', '/users/profile/passkeys', token, {
      name: 'Phone',
      response: phone.register(next),
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes).toEqual([]);
    expect((await twoStepStatus(token)).passkeys.map((item) => item.name)).toEqual([
      'Work laptop',
      'Phone',
    ]);
  });

  it('answers 400 for an answer that does not verify (garbage, another challenge, origin or site), never 500', async () => {
    const { tokens, device } = await signedIn();
    const token = tokens.access_token;
    const add = (response: unknown, name = 'Key') =>
      call('POST', '/users/profile/passkeys', token, { name, response });

    // Without options first.
    expectError(
      await add(
        device.register({ challenge: 'abc', user: { id: 'x', name: 'x', displayName: 'x' } }),
      ),
      400,
      M.passkeyFailed,
    );

    const garbage: unknown[] = [
      { id: 'abc', rawId: 'abc', type: 'public-key' },
      { id: 'abc', rawId: 'abc', type: 'public-key', response: 'nope' },
      {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: { clientDataJSON: '!!!', attestationObject: '%%%' },
      },
      {
        id: 'abc',
        rawId: 'abc',
        type: 'public-key',
        response: {
          clientDataJSON: Buffer.from('{"type":1}').toString('base64url'),
          attestationObject: Buffer.from([0xa1, 0xff]).toString('base64url'),
        },
      },
    ];
    for (const response of garbage) {
      const options = await registrationOptions(token);
      expect(options.challenge).toBeTruthy();
      expectError(await add(response), 400, M.passkeyFailed);
    }

    const wrong: Parameters<SoftwareAuthenticator['register']>[1][] = [
      { challenge: Buffer.from('another challenge').toString('base64url') },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
    ];
    for (const overrides of wrong) {
      const options = await registrationOptions(token);
      expectError(await add(device.register(options, overrides)), 400, M.passkeyFailed);
    }

    // Body outline checked by the schema: missing response, empty or long name.
    await registrationOptions(token);
    expect((await call('POST', '/users/profile/passkeys', token, { name: 'Key' })).statusCode).toBe(
      400,
    );
    const tooLong = await add(device.register(await registrationOptions(token)), 'x'.repeat(61));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ errors: Record<string, string> }>().errors.name).toBe(
      M.passkeyNameTooLong,
    );

    // Nothing was added, two-step is still off.
    const status = await twoStepStatus(token);
    expect(status).toMatchObject({ enabled: false, passkeys: [], recoveryCodesLeft: 0 });
  });

  it('takes each options once, from the session that asked, for 5 minutes', async () => {
    const { tokens, device } = await signedIn();
    const token = tokens.access_token;

    // Used once: the same answer again is refused.
    const options = await registrationOptions(token);
    const answer = device.register(options);
    expect(
      (await call('POST', '/users/profile/passkeys', token, { name: 'A', response: answer }))
        .statusCode,
    ).toBe(201);
    expectError(
      await call('POST', '/users/profile/passkeys', token, { name: 'A', response: answer }),
      400,
      M.passkeyFailed,
    );

    // The same device registered again (browsers would not: excludeCredentials), here or by
    // another user, is refused; unknown transports from the client are not kept.
    const again = await call('POST', '/users/profile/passkeys', token, {
      name: 'Again',
      response: device.register(await registrationOptions(token)),
    });
    expectError(again, 400, M.passkeyFailed);
    const someone = await signedIn();
    const theirs = device.register(await registrationOptions(someone.tokens.access_token));
    theirs.response.transports = ['usb', 'warp-drive', 'usb'];
    expectError(
      await call('POST', '/users/profile/passkeys', someone.tokens.access_token, {
        name: 'Stolen',
        response: theirs,
      }),
      400,
      M.passkeyFailed,
    );
    const fresh = new SoftwareAuthenticator({ origin: t.config.appUrl });
    const odd = fresh.register(await registrationOptions(someone.tokens.access_token));
    odd.response.transports = ['usb', 'warp-drive', 'usb'];
    expect(
      (
        await call('POST', '/users/profile/passkeys', someone.tokens.access_token, {
          name: 'Odd',
          response: odd,
        })
      ).statusCode,
    ).toBe(201);
    const stored = await t.db
      .selectFrom('passkeys')
      .select('transports')
      .where('credential_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.transports ?? 'null')).toEqual(['usb']);
    const notAList = new SoftwareAuthenticator({ origin: t.config.appUrl });
    const weird = notAList.register(await registrationOptions(someone.tokens.access_token));
    (weird.response as { transports: unknown }).transports = 5;
    const added = await call('POST', '/users/profile/passkeys', someone.tokens.access_token, {
      name: 'Weird',
      response: weird,
    });
    expect(added.statusCode, added.body).toBe(201);

    // Another session's options cannot be answered in this one.
    const elsewhere = await signedIn();
    const foreign = await registrationOptions(elsewhere.tokens.access_token);
    const phone = new SoftwareAuthenticator({ origin: t.config.appUrl });
    expectError(
      await call('POST', '/users/profile/passkeys', token, {
        name: 'B',
        response: phone.register(foreign),
      }),
      400,
      M.passkeyFailed,
    );

    // Expired after 5 minutes.
    const late = await registrationOptions(token);
    t.clock.advance(5 * 60_000 + 1_000);
    expectError(
      await call('POST', '/users/profile/passkeys', token, {
        name: 'C',
        response: phone.register(late),
      }),
      400,
      M.passkeyFailed,
    );
    // And the options themselves now need a new password.
    const body = expectError(await call('POST', '/users/profile/passkeys/options', token), 403);
    expect(body).toMatchObject({ reason: 'reauthentication_required' });
  });

  it('needs a signed-in caller', async () => {
    expectError(await call('POST', '/users/profile/passkeys/options'), 401);
    expectError(
      await call('POST', '/users/profile/passkeys', undefined, { name: 'x', response: {} }),
      401,
    );
  });
});

describe('renaming a passkey', () => {
  it('renames one’s own passkey (audited), 404 for another’s or an unknown id, 400 for a bad name', async () => {
    const { user, tokens, passkey } = await withPasskey();
    const token = tokens.access_token;
    const response = await call('PATCH', `/users/profile/passkeys/${passkey.id}`, token, {
      name: 'Desk key',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Passkey }>().data).toEqual({ ...passkey, name: 'Desk key' });
    expect((await twoStepStatus(token)).passkeys[0]?.name).toBe('Desk key');
    const renamed = (await eventsFor(user.id)).find((row) => row.action === 'passkey.renamed');
    expect(JSON.parse(renamed?.details ?? '{}')).toEqual({
      passkeyId: passkey.id,
      before: { name: 'Laptop' },
      after: { name: 'Desk key' },
    });

    const stranger = await signedIn();
    expectError(
      await call('PATCH', `/users/profile/passkeys/${passkey.id}`, stranger.tokens.access_token, {
        name: 'Mine now',
      }),
      404,
    );
    expectError(
      await call('PATCH', '/users/profile/passkeys/00000000-0000-4000-8000-000000000000', token, {
        name: 'x',
      }),
      404,
    );
    expectError(
      await call('PATCH', '/users/profile/passkeys/not-an-id', token, { name: 'x' }),
      404,
    );
    const blank = expectError(
      await call('PATCH', `/users/profile/passkeys/${passkey.id}`, token, { name: '   ' }),
      400,
    );
    expect(blank).toMatchObject({ errors: { name: M.passkeyNameRequired } });
    expect((await twoStepStatus(token)).passkeys[0]?.name).toBe('Desk key');
  });
});

describe('a passkey’s name', () => {
  // The full name's character rule (issue 32, finding 6): nothing that could disguise a name in
  // the list of passkeys, the audit trail or the mails. (NUL is refused for every field at once.)
  const DISGUISED = [
    'Work\r\nlaptop',
    'Work \u001b[31mlaptop',
    'Work \u202epotpal',
    'Work \u2066laptop\u2069',
    'Work\u200blaptop',
    'Work\ufefflaptop',
  ];

  it('refuses control, direction and zero-width characters when adding (400 on the name, never 500)', async () => {
    const { tokens, device } = await signedIn();
    const token = tokens.access_token;
    for (const name of DISGUISED) {
      const response = await call('POST', '/users/profile/passkeys', token, {
        name,
        response: device.register(await registrationOptions(token)),
      });
      const body = expectError(response, 400);
      expect(body, JSON.stringify(name)).toMatchObject({
        errors: { name: M.passkeyNameInvalidCharacters },
      });
    }
    expect(await twoStepStatus(token)).toMatchObject({ enabled: false, passkeys: [] });
  });

  it('refuses them when renaming, and keeps the name; a zero-width joiner in an emoji is fine', async () => {
    const { tokens, passkey } = await withPasskey();
    const token = tokens.access_token;
    const rename = (name: string) =>
      call('PATCH', `/users/profile/passkeys/${passkey.id}`, token, { name });
    for (const name of DISGUISED) {
      const body = expectError(await rename(name), 400);
      expect(body, JSON.stringify(name)).toMatchObject({
        errors: { name: M.passkeyNameInvalidCharacters },
      });
    }
    expect((await twoStepStatus(token)).passkeys.map((item) => item.name)).toEqual(['Laptop']);
    const family = 'Family phone 👨\u200d👩\u200d👧';
    expect((await rename(family)).statusCode).toBe(200);
    expect((await twoStepStatus(token)).passkeys.map((item) => item.name)).toEqual([family]);
  });
});

describe('signing in with a passkey', () => {
  it('password, then the passkey: a token pair that works; the counter and last use are stored', async () => {
    const { user, device, passkey } = await withPasskey();
    const challenge = await passwordStep(user);
    expect(challenge.methods).toEqual(expect.arrayContaining(['passkey', 'recovery_code']));

    const options = await signInOptions(challenge.challenge_token);
    expect(options.rpId).toBe(new URL(t.config.appUrl).hostname);
    expect(options.userVerification).toBe('preferred');
    expect(options.allowCredentials).toEqual([
      { id: device.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const stored = await t.db
      .selectFrom('sign_in_challenges')
      .select('webauthn_challenge')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.webauthn_challenge).toBe(options.challenge);

    const response = await assertWith(challenge.challenge_token, device.authenticate(options));
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json<{ data: TokenPair }>().data;
    const profile = await getProfile(t, tokens.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ data: { id: string } }>().data.id).toBe(user.id);

    const row = await t.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).toBe(new Date(t.clock.now()).toISOString());
    expect((await twoStepStatus(tokens.access_token)).passkeys[0]?.lastUsedAt).toBe(
      row.last_used_at,
    );
    const logins = (await eventsFor(user.id))
      .filter((row) => row.action === 'auth.login_succeeded')
      .map((row) => JSON.parse(row.details ?? '{}') as Json);
    expect(logins).toContainEqual(expect.objectContaining({ method: 'passkey' }));

    // The challenge is used up: neither options nor a second assertion.
    expectError(
      await call('POST', '/auth/login/passkey-options', undefined, {
        challenge_token: challenge.challenge_token,
      }),
      401,
      M.challengeInvalid,
    );
    expectError(
      await assertWith(challenge.challenge_token, device.authenticate(options)),
      401,
      M.challengeInvalid,
    );
  });

  it('refuses a counter that did not grow (a cloned key or a replay), audited; the next right one passes', async () => {
    const { user, device } = await withPasskey();
    const first = await passwordStep(user);
    const firstOptions = await signInOptions(first.challenge_token);
    expect(
      (await assertWith(first.challenge_token, device.authenticate(firstOptions))).statusCode,
    ).toBe(200);

    const challenge = await passwordStep(user);
    const options = await signInOptions(challenge.challenge_token);
    for (const counter of [1, 0]) {
      expectError(
        await assertWith(challenge.challenge_token, device.authenticate(options, { counter })),
        400,
        M.passkeyFailed,
      );
    }
    const failures = (await eventsFor(user.id)).filter(
      (row) => row.action === 'auth.second_step_failed',
    );
    expect(failures).toHaveLength(2);
    expect(JSON.parse(failures[0]?.details ?? '{}')).toMatchObject({ method: 'passkey' });

    const ok = await assertWith(challenge.challenge_token, device.authenticate(options));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an authenticator without a counter (always 0) signs in every time', async () => {
    const session = await signedIn();
    const device = new SoftwareAuthenticator({ origin: t.config.appUrl, keepsCounter: false });
    await addPasskey(session.tokens.access_token, device);
    for (let round = 0; round < 2; round += 1) {
      const challenge = await passwordStep(session.user);
      const options = await signInOptions(challenge.challenge_token);
      const response = await assertWith(challenge.challenge_token, device.authenticate(options));
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses another user’s passkey, another challenge, origin or site, and garbage: 400, never 500', async () => {
    const owner = await withPasskey();
    const other = await withPasskey();
    const challenge = await passwordStep(owner.user);
    const options = await signInOptions(challenge.challenge_token);
    const token = challenge.challenge_token;

    // Another user's passkey, even over this challenge: not this account's.
    expectError(await assertWith(token, other.device.authenticate(options)), 400, M.passkeyUnknown);
    // A credential id nobody has.
    const stranger = new SoftwareAuthenticator({ origin: t.config.appUrl });
    expectError(await assertWith(token, stranger.authenticate(options)), 400, M.passkeyUnknown);
    // The right passkey signing something else.
    const wrong: Parameters<SoftwareAuthenticator['authenticate']>[1][] = [
      { challenge: Buffer.from('another challenge').toString('base64url') },
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
    ];
    for (const overrides of wrong) {
      expectError(
        await assertWith(token, owner.device.authenticate(options, overrides)),
        400,
        M.passkeyFailed,
      );
    }
    // Someone else's key under this passkey's id: the signature does not verify.
    const forged = {
      ...stranger.authenticate(options),
      id: owner.device.id,
      rawId: owner.device.id,
    };
    expectError(await assertWith(token, forged), 400, M.passkeyFailed);

    const id = owner.device.id;
    const garbage: unknown[] = [
      { id, rawId: id, type: 'public-key' },
      { id, rawId: id, type: 'public-key', response: 42 },
      {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: '***', authenticatorData: '', signature: '' },
      },
      {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: Buffer.from('[]').toString('base64url'),
          authenticatorData: 'AAAA',
          signature: 'AAAA',
        },
      },
    ];
    for (const response of garbage) {
      const answer = await assertWith(token, response);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    // Outline refused by the schema.
    expect((await assertWith(token, 'not an object')).statusCode).toBe(400);
    expect((await assertWith(token, { id: '', rawId: '', type: 'public-key' })).statusCode).toBe(
      400,
    );
  }, 30_000);

  it('needs options first, a live challenge token (401 otherwise), and an access token is no challenge', async () => {
    const { user, device, tokens } = await withPasskey();
    const challenge = await passwordStep(user);
    // No options asked for yet: nothing to verify against.
    expectError(
      await assertWith(challenge.challenge_token, device.authenticate({ challenge: 'abc' })),
      400,
      M.passkeyFailed,
    );
    for (const token of ['unknown-token', tokens.access_token]) {
      expectError(
        await call('POST', '/auth/login/passkey-options', undefined, { challenge_token: token }),
        401,
        M.challengeInvalid,
      );
      expectError(
        await assertWith(token, device.authenticate({ challenge: 'abc' })),
        401,
        M.challengeInvalid,
      );
    }
    // Expired after 5 minutes.
    const options = await signInOptions(challenge.challenge_token);
    t.clock.advance(SIGN_IN_CHALLENGE_TTL_MS + 1_000);
    expectError(
      await assertWith(challenge.challenge_token, device.authenticate(options)),
      401,
      M.challengeInvalid,
    );
    // As a bearer the challenge token is not a session.
    expectError(await getProfile(t, challenge.challenge_token), 401);
  });

  it('a user made inactive between the password and the passkey is refused (403)', async () => {
    const { user, device } = await withPasskey();
    const challenge = await passwordStep(user);
    const options = await signInOptions(challenge.challenge_token);
    const logins = async () =>
      (await actionsFor(user.id)).filter((action) => action === 'auth.login_succeeded').length;
    const before = await logins();
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', user.id).execute();
    const response = await assertWith(challenge.challenge_token, device.authenticate(options));
    expect(response.statusCode, response.body).toBe(403);
    expect(await logins()).toBe(before);
  });

  it('failed passkey steps count toward the account lockout like wrong codes; the right passkey still signs in', async () => {
    const { user, device } = await withPasskey();
    const challenge = await passwordStep(user);
    const options = await signInOptions(challenge.challenge_token);
    const wrongChallenge = { challenge: Buffer.from('nope').toString('base64url') };
    for (let attempt = 1; attempt <= LOCK_AFTER; attempt += 1) {
      expectError(
        await assertWith(challenge.challenge_token, device.authenticate(options, wrongChallenge)),
        400,
        M.passkeyFailed,
      );
    }
    const locked = await assertWith(
      challenge.challenge_token,
      device.authenticate(options, wrongChallenge),
    );
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(await actionsFor(user.id)).toContain('auth.locked_out');
    // The password is refused while the lock lasts.
    expect((await login(t, user.email, user.password)).statusCode).toBe(429);

    // The right passkey still signs in from the challenge issued before the lock (a passkey
    // cannot be guessed), and like any completed sign-in forgets the email's failures.
    const signedIn = await assertWith(challenge.challenge_token, device.authenticate(options));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('removing a passkey', () => {
  it('needs a recent password: 403 reauthentication_required once 5 minutes have passed', async () => {
    const { user, tokens, passkey, recoveryCodes } = await withPasskey();
    const token = tokens.access_token;
    t.clock.advance(REAUTHENTICATION_WINDOW_MS + 1_000);
    const refused = expectError(
      await call('DELETE', `/users/profile/passkeys/${passkey.id}`, token),
      403,
      M.reauthenticationRequired,
    );
    expect(refused).toMatchObject({ reason: 'reauthentication_required' });
    expect((await twoStepStatus(token)).passkeys).toHaveLength(1);

    // The password and a code (a recovery code here) confirm it again.
    const confirmed = await call('POST', '/auth/reauthenticate', token, {
      password: user.password,
      code: recoveryCodes[0],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const removed = await call('DELETE', `/users/profile/passkeys/${passkey.id}`, token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: null });
  });

  it('404 for another user’s passkey or an unknown id; removing the last factor turns two-step off, removes the codes, is audited and mailed', async () => {
    const { user, tokens, passkey } = await withPasskey();
    const token = tokens.access_token;
    const stranger = await signedIn();
    expectError(
      await call('DELETE', `/users/profile/passkeys/${passkey.id}`, stranger.tokens.access_token),
      404,
    );
    expectError(
      await call('DELETE', '/users/profile/passkeys/00000000-0000-4000-8000-000000000000', token),
      404,
    );

    // Two passkeys: removing one leaves two-step on.
    const phone = new SoftwareAuthenticator({ origin: t.config.appUrl });
    const second = await addPasskey(token, phone, 'Phone');
    expect(
      (await call('DELETE', `/users/profile/passkeys/${second.passkey.id}`, token)).statusCode,
    ).toBe(200);
    expect(await twoStepStatus(token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const response = await call('DELETE', `/users/profile/passkeys/${passkey.id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(await twoStepStatus(token)).toMatchObject({
      enabled: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect(
      (await getProfile(t, token)).json<{ data: { twoStepEnabled: boolean } }>().data,
    ).toMatchObject({ twoStepEnabled: false });
    const actions = await actionsFor(user.id);
    expect(actions.filter((action) => action === 'passkey.removed')).toHaveLength(2);
    // Only the last removal turned two-step off.
    expect(actions.filter((action) => action === 'two_step.disabled')).toHaveLength(1);
    const removed = (await eventsFor(user.id)).filter((row) => row.action === 'passkey.removed');
    expect(removed.map((row) => JSON.parse(row.details ?? '{}') as Json)).toContainEqual({
      passkeyId: passkey.id,
      name: 'Laptop',
    });
    await smtp.waitForMail(user.email, { nth: 4 });
    const subjects = smtp.mailsTo(user.email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => /passkey removed/i.test(subject))).toHaveLength(2);

    // Signing in is the password alone again.
    const again = await login(t, user.email, user.password);
    expect(again.json<{ data: Json }>().data).toHaveProperty('access_token');
  });
});

describe('during the forced set-up (MFA_REQUIRED_ROLES)', () => {
  let forced: TestApp;

  beforeAll(async () => {
    forced = await createTestApp({ env: { MFA_REQUIRED_ROLES: 'finance' } });
  });
  afterAll(async () => {
    await forced?.close();
  });

  it('a user who must set up two-step sign-in may add a passkey, and then do the rest', async () => {
    const user = await createUser(forced, { position: 'finance' });
    const tokens = (await login(forced, user.email, user.password)).json<{ data: TokenPair }>()
      .data;
    const auth = bearer(tokens.access_token);
    const blocked = await forced.app.inject({ method: 'GET', url: '/api/projects', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ reason: 'two_step_setup_required' });

    const options = await forced.app.inject({
      method: 'POST',
      url: '/api/users/profile/passkeys/options',
      headers: auth,
    });
    expect(options.statusCode, options.body).toBe(200);
    const device = new SoftwareAuthenticator({ origin: forced.config.appUrl });
    const added = await forced.app.inject({
      method: 'POST',
      url: '/api/users/profile/passkeys',
      headers: auth,
      payload: {
        name: 'Laptop',
        response: device.register(
          options.json<{ data: PublicKeyCredentialCreationOptionsJSON }>().data,
        ) as unknown as Json,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes).toHaveLength(10);

    const open = await forced.app.inject({ method: 'GET', url: '/api/projects', headers: auth });
    expect(open.statusCode, open.body).toBe(200);
  });
});
