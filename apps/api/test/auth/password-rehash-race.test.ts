import { hash, type Algorithm } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  createUser,
  login,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { PASSWORD_HASH_COST } from '../../src/lib/password-hasher.js';
import { twoStepClient } from '../two-step/two-step-client.js';

let t: TestApp;
const { enrolTotp, passwordTokens, signInWithTotp } = twoStepClient(() => t);
const NEW_PASSWORD = 'Quartz-Lamp-71';

beforeAll(async () => {
  // The server's own argon2id cost, so that the weaker hashes below are weaker than today's.
  t = await createTestApp({ passwordHashCost: PASSWORD_HASH_COST });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** The user's password stored as an argon2id hash with weaker settings than today's. */
async function storeWeakHash(user: TestUser): Promise<void> {
  const weak = await hash(user.password, {
    algorithm: 2 as Algorithm,
    memoryCost: 4_096,
    timeCost: 1,
    parallelism: 1,
  });
  expect(t.services.hasher.needsRehash(weak)).toBe(true);
  await t.db.updateTable('users').set({ password_hash: weak }).where('id', '=', user.id).execute();
}

/**
 * Holds the rehash of `password` (the hasher every service shares hashes it only to rehash it
 * after a sign-in): `reached` settles when the sign-in is waiting for it, `release` lets it go on.
 */
function holdRehashOf(password: string) {
  const { hasher } = t.services;
  const original = hasher.hash.bind(hasher);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  vi.spyOn(hasher, 'hash').mockImplementation(async (text) => {
    if (text === password) {
      reached();
      await released;
    }
    return original(text);
  });
  return { reached: reachedPromise, release };
}

const changePassword = (accessToken: string, current: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/change-password',
    headers: bearer(accessToken),
    payload: { password: current, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
  });

async function expectOnlyNewPasswordSignsIn(user: TestUser) {
  expect((await login(t, user.email, user.password)).statusCode).toBe(400);
  expect((await login(t, user.email, NEW_PASSWORD)).statusCode).toBe(200);
}

describe('a password changed while a sign-in rehashes the old one', () => {
  it('wins over the rehash of a one-step sign-in', async () => {
    const user = await createUser(t);
    const { access_token } = await passwordTokens(user);
    await storeWeakHash(user);

    const held = holdRehashOf(user.password);
    const signIn = login(t, user.email, user.password);
    await held.reached;
    expect((await changePassword(access_token, user.password)).statusCode).toBe(200);
    held.release();
    // The sign-in whose rehash lost the race still succeeds: the password was right when checked.
    expect((await signIn).statusCode).toBe(200);

    await expectOnlyNewPasswordSignsIn(user);
  });

  it('wins over the rehash at the password step of a two-step sign-in', async () => {
    const user = await createUser(t);
    const { secret } = await enrolTotp((await passwordTokens(user)).access_token);
    // Just signed in with both steps: recent enough to change the password.
    const { access_token } = await signInWithTotp(user, secret);
    await storeWeakHash(user);

    const held = holdRehashOf(user.password);
    const signIn = login(t, user.email, user.password);
    await held.reached;
    expect((await changePassword(access_token, user.password)).statusCode).toBe(200);
    held.release();
    expect((await signIn).statusCode).toBe(200);

    await expectOnlyNewPasswordSignsIn(user);
  });
});
