import { hash, type Algorithm } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { PASSWORD_HASH_COST } from '../../src/lib/password-hasher.js';
import { createTestApp, createUser, login, type TestApp, type TestUser } from '../helpers.js';
import { totpCode, twoStepClient } from './two-step-client.js';

let t: TestApp;
const { challenge, secondStep, passwordTokens, enrolTotp } = twoStepClient(() => t);

beforeAll(async () => {
  // The server's own argon2id cost, so that the weaker hashes below are weaker than today's.
  t = await createTestApp({ passwordHashCost: PASSWORD_HASH_COST });
});
afterAll(() => t.close());

/** The user's password stored as an argon2id hash with weaker settings than today's. */
async function storeWeakHash(user: TestUser): Promise<string> {
  const weak = await hash(user.password, {
    algorithm: 2 as Algorithm,
    memoryCost: 4_096,
    timeCost: 1,
    parallelism: 1,
  });
  expect(t.services.hasher.needsRehash(weak)).toBe(true);
  await t.db.updateTable('users').set({ password_hash: weak }).where('id', '=', user.id).execute();
  return weak;
}

const stored = (user: { id: string }) =>
  t.db
    .selectFrom('users')
    .select(['password_hash', 'last_login_at', 'updated_at'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();

async function expectRehashed(user: TestUser, weak: string) {
  const row = await stored(user);
  expect(row.password_hash).not.toBe(weak);
  expect(t.services.hasher.needsRehash(row.password_hash!)).toBe(false);
  expect(await t.services.hasher.verify(row.password_hash!, user.password)).toBe(true);
  return row;
}

describe('an outdated password hash', () => {
  it('is replaced at a one-step sign-in, which records the sign-in', async () => {
    const user = await createUser(t);
    const weak = await storeWeakHash(user);
    t.clock.advance(60_000);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    const row = await expectRehashed(user, weak);
    expect(row.last_login_at).toBe(toIso(t.clock.now()));
  });

  it('is replaced at the password step of a two-step sign-in; the sign-in is recorded only by the second step', async () => {
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);
    const weak = await storeWeakHash(user);
    const before = await stored(user);

    t.clock.advance(60_000);
    const abandoned = await challenge(user);
    // The password was right: its new hash is stored though no second step followed (yet).
    const afterPassword = await expectRehashed(user, weak);
    expect(afterPassword.last_login_at).toBe(before.last_login_at);
    expect(afterPassword.updated_at).toBe(before.updated_at);

    // The second step completes the sign-in (and finds nothing left to rehash).
    t.clock.advance(30_000);
    const response = await secondStep(
      abandoned.challenge_token,
      'totp',
      totpCode(secret, t.clock.now()),
    );
    expect(response.statusCode, response.body).toBe(200);
    const signedIn = await stored(user);
    expect(signedIn.last_login_at).toBe(toIso(t.clock.now()));
    expect(signedIn.password_hash).toBe(afterPassword.password_hash);
  });

  it('is not replaced over a password changed since it was verified', async () => {
    const user = await createUser(t);
    const weak = await storeWeakHash(user);
    const repository = t.services.usersRepository;
    expect(
      await repository.replacePasswordHash(user.id, {
        verifiedHash: 'another-hash',
        rehashed: 'rehash',
      }),
    ).toBe(false);
    expect((await stored(user)).password_hash).toBe(weak);
    expect(
      await repository.replacePasswordHash(user.id, { verifiedHash: weak, rehashed: 'rehash' }),
    ).toBe(true);
    expect((await stored(user)).password_hash).toBe('rehash');
  });
});
