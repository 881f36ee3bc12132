import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADMIN_MESSAGES } from '../../src/modules/users/users.messages.js';
import {
  bearer,
  createTestApp,
  createUser,
  getProfile,
  loginTokens,
  uploadFiles,
  type TestApp,
  type TestUser,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';

/**
 * A picture is an upload its editor made (pen test, issue 10, finding 6): someone who learns the
 * path of another user's unused upload cannot make it their picture, nor can an admin put it on
 * someone else's profile. ASVS 5.0 V8.2.2 (data-level access, IDOR).
 */
let t: TestApp;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { position: 'admin' });
  adminToken = (await loginTokens(t, admin)).access_token;
});
afterAll(() => t.close());

const signIn = async () => {
  const user = await createUser(t);
  return { user, token: (await loginTokens(t, user)).access_token };
};

async function uploadPicture(token: string): Promise<string> {
  const response = await uploadFiles(t, token, [pngPart(await solidPng(48, 48))]);
  expect(response.statusCode).toBe(201);
  return response.json().data.path;
}

const patchProfile = (token: string, imageUrl: string | null) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: bearer(token),
    payload: { fullName: 'Some One', imageUrl },
  });
const patchUser = (id: string, imageUrl: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    headers: bearer(adminToken),
    payload: { imageUrl },
  });

const NOT_UPLOADED = {
  code: 400,
  message: USER_ADMIN_MESSAGES.imageNotUploaded,
  errors: { imageUrl: USER_ADMIN_MESSAGES.imageNotUploaded },
};

describe('whose upload a picture may be', () => {
  it('refuses another user’s unused upload on one’s own profile, as if it did not exist', async () => {
    const victim = await signIn();
    const attacker = await signIn();
    const theirs = await uploadPicture(victim.token);

    const taken = await patchProfile(attacker.token, theirs);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual(NOT_UPLOADED);
    expect((await getProfile(t, attacker.token)).json().data.imageUrl).toBeNull();

    // The owner still can.
    const own = await patchProfile(victim.token, theirs);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.imageUrl).toBe(theirs);
  });

  it('refuses, for an admin editing someone, an upload the admin did not make', async () => {
    const uploader = await signIn();
    const target = await signIn();
    const foreign = await uploadPicture(uploader.token);

    const refused = await patchUser(target.user.id, foreign);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(NOT_UPLOADED);

    const adminsOwn = await uploadPicture(adminToken);
    const saved = await patchUser(target.user.id, adminsOwn);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.imageUrl).toBe(adminsOwn);

    // The picture an admin gave them stays theirs to keep, not to hand out.
    const kept = await patchProfile(target.token, adminsOwn);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.imageUrl).toBe(adminsOwn);
    const anotherAdminUpload = await uploadPicture(adminToken);
    const notTheirs = await patchProfile(target.token, anotherAdminUpload);
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toEqual(NOT_UPLOADED);
  });
});
