import { existsSync } from 'node:fs';
import { API_MESSAGES, VALIDATION_MESSAGES, type TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastActiveAdmin } from '../../src/lib/errors.js';
import { NO_ORIGIN } from '../../src/modules/audit/audit-events.js';
import { USER_ADMIN_MESSAGES } from '../../src/modules/users/users.messages.js';
import {
  activeAdminIds,
  bearer,
  createSignedInAdmin,
  createTestApp,
  createUser,
  getProfile,
  loginTokens,
  refresh,
  staleAdminActor,
  twoLastAdmins,
  uploadedFilePath,
  uploadFiles,
  type SignedInUser,
  type TestApp,
} from '../helpers.js';
import { pngPart, solidPng } from '../images.js';

let t: TestApp;
let admin: SignedInUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInAdmin(t);
  adminToken = admin.tokens.access_token;
});
afterAll(() => t.close());

const patchProfile = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/profile', headers: bearer(token), payload });
const patchUser = (id: string, payload: Record<string, unknown>, token = adminToken) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });
const patchStatus = (id: string, status: string, token = adminToken) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}/status`,
    headers: bearer(token),
    payload: { status },
  });
const deleteUser = (id: string, token = adminToken) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(token) });
const refreshAs = (tokens: TokenPair) =>
  refresh(t, tokens.refresh_token, bearer(tokens.access_token));

async function uploadPicture(token = adminToken): Promise<string> {
  const response = await uploadFiles(t, token, [pngPart(await solidPng(80, 80))]);
  expect(response.statusCode).toBe(201);
  return response.json().data.path;
}

const onDisk = (publicPath: string) => existsSync(uploadedFilePath(t, publicPath));
const uploadRow = (publicPath: string) =>
  t.db.selectFrom('uploads').selectAll().where('path', '=', publicPath).executeTakeFirst();

describe('PATCH /api/users/profile', () => {
  it('saves one’s own trimmed full name and answers the user', async () => {
    const user = await createUser(t, { position: 'contractor' });
    const token = (await loginTokens(t, user)).access_token;
    const response = await patchProfile(token, { fullName: '  Nina Newname  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, fullName: 'Nina Newname' });
    expect((await getProfile(t, token)).json().data.fullName).toBe('Nina Newname');
  });

  it('answers 400 with the field message for a missing or blank full name', async () => {
    const token = (await loginTokens(t, await createUser(t))).access_token;
    for (const payload of [{}, { fullName: '   ' }]) {
      const response = await patchProfile(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ fullName: VALIDATION_MESSAGES.fullNameRequired });
    }
  });

  it('sets, replaces and removes the picture, deleting each replaced file', async () => {
    const user = await createUser(t);
    const token = (await loginTokens(t, user)).access_token;
    const first = await uploadPicture(token);
    const set = await patchProfile(token, { fullName: 'Pic Ture', imageUrl: first });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.imageUrl).toBe(first);

    // Saving the same picture again keeps it.
    expect((await patchProfile(token, { fullName: 'Pic Ture', imageUrl: first })).statusCode).toBe(
      200,
    );
    expect(onDisk(first)).toBe(true);

    const second = await uploadPicture(token);
    const replaced = await patchProfile(token, { fullName: 'Pic Ture', imageUrl: second });
    expect(replaced.json().data.imageUrl).toBe(second);
    expect(onDisk(first)).toBe(false);
    expect(await uploadRow(first)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    // Absent leaves it; null removes it.
    const kept = await patchProfile(token, { fullName: 'Pic Ture' });
    expect(kept.json().data.imageUrl).toBe(second);
    const removed = await patchProfile(token, { fullName: 'Pic Ture', imageUrl: null });
    expect(removed.json().data.imageUrl).toBeNull();
    expect(onDisk(second)).toBe(false);
    expect(await uploadRow(second)).toBeUndefined();
  });

  it('refuses a picture that is not an upload of ours, or that another user has', async () => {
    const token = (await loginTokens(t, await createUser(t))).access_token;
    for (const imageUrl of [
      '/api/files/users/5a1e7f10-0000-4000-8000-000000000000.png',
      '/etc/passwd',
    ]) {
      const response = await patchProfile(token, { fullName: 'X', imageUrl });
      expect(response.statusCode, imageUrl).toBe(400);
      expect(response.json().errors).toEqual({ imageUrl: USER_ADMIN_MESSAGES.imageNotUploaded });
    }
    const external = await patchProfile(token, {
      fullName: 'X',
      imageUrl: 'https://evil.test/x.png',
    });
    expect(external.statusCode).toBe(400);

    const owner = await createUser(t);
    const ownerToken = (await loginTokens(t, owner)).access_token;
    const picture = await uploadPicture(ownerToken);
    expect(
      (await patchProfile(ownerToken, { fullName: 'Owner', imageUrl: picture })).statusCode,
    ).toBe(200);
    const taken = await patchProfile(token, { fullName: 'Thief', imageUrl: picture });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ imageUrl: USER_ADMIN_MESSAGES.imageInUse });
  });
});

describe('PATCH /api/users/:id', () => {
  it('lets an admin change another user’s name, position, status and picture', async () => {
    const user = await createUser(t, { position: 'contractor', fullName: 'Old Name' });
    const picture = await uploadPicture();
    t.clock.advance(1_000);
    const response = await patchUser(user.id, {
      fullName: 'New Name',
      position: 'finance',
      status: 'inactive',
      imageUrl: picture,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      fullName: 'New Name',
      position: 'finance',
      status: 'inactive',
      imageUrl: picture,
    });
    expect(response.json().data.updatedAt > user.updatedAt).toBe(true);
  });

  it('lets an admin edit their own name, and resend their own unchanged position and status', async () => {
    const response = await patchUser(admin.id, {
      fullName: 'Ada Admin',
      position: 'admin',
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 403 when an admin changes their own position or status', async () => {
    for (const payload of [{ position: 'finance' }, { status: 'inactive' }]) {
      const response = await patchUser(admin.id, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(USER_ADMIN_MESSAGES.ownPositionOrStatus);
    }
    expect((await getProfile(t, adminToken)).json().data).toMatchObject({
      position: 'admin',
      status: 'active',
    });
  });

  it('answers 400 for status pending and for a pending user’s status', async () => {
    const active = await createUser(t);
    const setPending = await patchUser(active.id, { status: 'pending' });
    expect(setPending.statusCode).toBe(400);
    expect(setPending.json().errors).toEqual({ status: USER_ADMIN_MESSAGES.statusNotSettable });

    const pending = await createUser(t, { status: 'pending' });
    const leavePending = await patchUser(pending.id, { status: 'active' });
    expect(leavePending.statusCode).toBe(400);
    expect(leavePending.json().message).toBe(USER_ADMIN_MESSAGES.pendingStatus);
    // Other fields of a pending user can still be edited.
    const rename = await patchUser(pending.id, { fullName: 'Still Pending', position: 'finance' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data.status).toBe('pending');
  });

  it('answers 404 for unknown ids and 400 for bad bodies', async () => {
    const unknown = await patchUser('5a1e7f10-0000-4000-8000-000000000000', { fullName: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(API_MESSAGES.userNotFound);
    expect((await patchUser('nope', { fullName: 'X' })).statusCode).toBe(404);
    const user = await createUser(t);
    expect((await patchUser(user.id, { position: 'boss' })).statusCode).toBe(400);
    expect((await patchUser(user.id, { fullName: '' })).statusCode).toBe(400);
  });

  it('ends the sessions of a user it deactivates', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(200);
    expect((await patchUser(user.id, { status: 'inactive' })).statusCode).toBe(200);
    const after = await getProfile(t, tokens.access_token);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(API_MESSAGES.accountInactive);
    expect((await refreshAs(tokens)).statusCode).toBe(403);
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('PATCH /api/users/:id/status', () => {
  it('deactivates (ending every session) and reactivates a user', async () => {
    const user = await createUser(t);
    const tokens = await loginTokens(t, user);
    const off = await patchStatus(user.id, 'inactive');
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('inactive');
    expect([401, 403]).toContain((await getProfile(t, tokens.access_token)).statusCode);
    expect((await refreshAs(tokens)).statusCode).toBe(403);

    const on = await patchStatus(user.id, 'active');
    expect(on.json().data.status).toBe('active');
    // The old session stays ended; a new login works.
    expect([401, 403]).toContain((await getProfile(t, tokens.access_token)).statusCode);
    const again = await loginTokens(t, user);
    expect((await getProfile(t, again.access_token)).statusCode).toBe(200);
  });

  it('answers 400 for pending users and for status pending', async () => {
    const pending = await createUser(t, { status: 'pending' });
    const response = await patchStatus(pending.id, 'active');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_ADMIN_MESSAGES.pendingStatus);
    expect((await patchStatus((await createUser(t)).id, 'pending')).statusCode).toBe(400);
  });

  it('answers 403 on oneself and 404 for unknown users', async () => {
    const self = await patchStatus(admin.id, 'inactive');
    expect(self.statusCode).toBe(403);
    expect((await getProfile(t, adminToken)).statusCode).toBe(200);
    expect((await patchStatus('5a1e7f10-0000-4000-8000-000000000000', 'active')).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the user with their sessions, links and picture; invitees keep a null inviter', async () => {
    const user = await createUser(t, { position: 'project_manager' });
    const tokens = await loginTokens(t, user);
    const picture = await uploadPicture(tokens.access_token);
    expect(
      (await patchProfile(tokens.access_token, { fullName: 'Bye', imageUrl: picture })).statusCode,
    ).toBe(200);
    const invitee = await createUser(t, { invitedBy: user.id });
    await t.db
      .insertInto('one_time_tokens')
      .values({
        id: '5a1e7f10-0000-4000-8000-0000000000aa',
        user_id: user.id,
        type: 'reset_password_token',
        token_hash: 'some-hash',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();

    const response = await deleteUser(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
    });
    expect(read.statusCode).toBe(404);
    expect((await getProfile(t, tokens.access_token)).statusCode).toBe(401);
    expect((await refreshAs(tokens)).statusCode).toBe(403);
    const sessions = await t.db
      .selectFrom('sessions')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(sessions).toEqual([]);
    const links = await t.db
      .selectFrom('one_time_tokens')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(links).toEqual([]);
    expect(onDisk(picture)).toBe(false);
    expect(await uploadRow(picture)).toBeUndefined();
    const inviteeNow = await t.app.inject({
      method: 'GET',
      url: `/api/users/${invitee.id}`,
      headers: bearer(adminToken),
    });
    expect(inviteeNow.json().data.invitedBy).toBeNull();
  });

  it('answers 403 on oneself and 404 for unknown or already deleted users', async () => {
    const self = await deleteUser(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_ADMIN_MESSAGES.deleteSelf);
    const user = await createUser(t);
    expect((await deleteUser(user.id)).statusCode).toBe(200);
    expect((await deleteUser(user.id)).statusCode).toBe(404);
    expect((await deleteUser('nope')).statusCode).toBe(404);
  });
});

describe('the last active admin', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(() => solo.close());

  it('cannot be demoted, deactivated or deleted, even by a caller whose rights are stale', async () => {
    const last = await createUser(solo, { position: 'admin' });
    const actor = await staleAdminActor(solo);
    const attempts = [
      () => solo.services.users.updateUser(actor, last.id, { position: 'contractor' }, NO_ORIGIN),
      () => solo.services.users.updateUser(actor, last.id, { status: 'inactive' }, NO_ORIGIN),
      () => solo.services.users.updateStatus(actor, last.id, 'inactive', NO_ORIGIN),
      () => solo.services.users.delete(actor, last.id, NO_ORIGIN),
    ];
    for (const attempt of attempts) {
      const refusal = attempt();
      await expect(refusal).rejects.toBeInstanceOf(LastActiveAdmin);
      await expect(refusal).rejects.toMatchObject({
        kind: 'conflict',
        message: USER_ADMIN_MESSAGES.lastActiveAdmin,
      });
    }
    const now = await solo.services.users.getById(last.id);
    expect(now).toMatchObject({ position: 'admin', status: 'active' });
    // Editing anything else of the last admin is fine.
    await expect(
      solo.services.users.updateUser(actor, last.id, { fullName: 'Still Here' }, NO_ORIGIN),
    ).resolves.toMatchObject({ fullName: 'Still Here' });
  });

  it('survives two admins demoting each other at the same moment', async () => {
    const { a, b, tokenA, tokenB } = await twoLastAdmins(solo);
    const demote = (id: string, token: TokenPair) =>
      solo.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        headers: bearer(token.access_token),
        payload: { position: 'contractor' },
      });
    const results = await Promise.all([demote(b.id, tokenA), demote(a.id, tokenB)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect([403, 409]).toContain(statuses[1]);
    expect(await activeAdminIds(solo)).toHaveLength(1);
  });
});
