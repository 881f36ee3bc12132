import { API_MESSAGES } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  createTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../helpers.js';

let t: TestApp;
let admin: SignedInUser;
let adminToken: string;
let member: SignedInUser;
let memberToken: string;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInAdmin(t);
  member = await createSignedInUser(t, {
    position: 'finance',
    fullName: 'Finn Ance',
    invitedBy: admin.id,
  });
  adminToken = admin.tokens.access_token;
  memberToken = member.tokens.access_token;
});
afterAll(() => t.close());

const getUser = (id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) });

describe('GET /api/users/profile', () => {
  it('answers the signed-in user in the contract shape, nothing more', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(memberToken),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      id: member.id,
      email: member.email,
      fullName: 'Finn Ance',
      position: 'finance',
      status: 'active',
      imageUrl: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      invitedBy: { id: admin.id, fullName: 'Ada Admin' },
      twoStepEnabled: false,
      twoStepRequired: false,
      lastSignInAt: expect.stringMatching(ISO),
      invitation: null,
      managedBySso: false,
      managedByDirectory: false,
    });
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('$argon2');
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: API_MESSAGES.unauthorized });
  });
});

describe('GET /api/users/:id', () => {
  it('lets an admin read anyone', async () => {
    const response = await getUser(member.id, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(member.email);
  });

  it('lets a user read themselves, in any letter case of the id', async () => {
    const response = await getUser(member.id.toUpperCase(), memberToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(member.id);
    expect(response.json().data.invitedBy).toEqual({ id: admin.id, fullName: 'Ada Admin' });
  });

  it('answers 403 when someone else reads another user', async () => {
    const response = await getUser(admin.id, memberToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: API_MESSAGES.forbidden });
  });

  it('answers 404 for an unknown id and for an id that is not a UUID, never 500', async () => {
    const unknown = await getUser('5a1e7f10-0000-4000-8000-000000000000', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, message: API_MESSAGES.userNotFound });

    for (const bad of ['not-a-uuid', '1', "x' OR '1'='1", '%E2%82%AC']) {
      const response = await getUser(bad, adminToken);
      expect(response.statusCode, bad).toBe(404);
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${member.id}` });
    expect(response.statusCode).toBe(401);
  });

  it('keeps invitedBy null once the inviter is deleted (ON DELETE SET NULL)', async () => {
    const inviter = await createUser(t, { position: 'admin' });
    const invited = await createUser(t, { invitedBy: inviter.id });
    await t.db.deleteFrom('users').where('id', '=', inviter.id).execute();
    const response = await getUser(invited.id, adminToken);
    expect(response.json().data.invitedBy).toBeNull();
  });
});
