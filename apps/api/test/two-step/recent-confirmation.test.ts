import { REAUTHENTICATION_WINDOW_MS, TWO_STEP_MESSAGES, type User } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, uniqueEmail, type TestApp } from '../helpers.js';
import { totpCode, twoStepClient, type Method } from './two-step-client.js';

/**
 * Which calls need a recent confirmation of the password (and code): docs/two-step.md, "Recent
 * confirmation", has the list and the reasons. Every authenticated call that changes something
 * is named below one way or the other, so a new one fails the first test until it is decided.
 */

/** Always: they add, remove or replace a way to sign in. */
const ALWAYS = [
  'POST /api/users/profile/two-step/totp',
  'DELETE /api/users/profile/two-step/totp',
  'POST /api/users/profile/two-step/recovery-codes',
  'POST /api/users/profile/passkeys/options',
  'DELETE /api/users/profile/passkeys/{id}',
  'DELETE /api/users/{id}/two-step',
  // A SCIM token is a way in for the directory, and can grant the admin role (issue 36).
  'POST /api/directory/tokens',
  'POST /api/directory/tokens/{id}/rotate',
];

/** Only when they change a password with two-step on, or grant the admin role. */
const WHEN = [
  'PATCH /api/users/change-password',
  'PATCH /api/users/{id}',
  'PATCH /api/users/{id}/status',
  'POST /api/users/bulk',
  'POST /api/users/bulk-create',
];

/** Never: they take access away, finish what a confirmed call began, or touch no sign-in. */
const NEVER = [
  'DELETE /api/auth/logout',
  'DELETE /api/directory/tokens/{id}',
  'POST /api/auth/reauthenticate',
  'PATCH /api/users/profile',
  'POST /api/users/profile/two-step/totp/confirm',
  'POST /api/users/profile/passkeys',
  'PATCH /api/users/profile/passkeys/{id}',
  'DELETE /api/users/{id}',
  'DELETE /api/users/{id}/sessions/{sessionId}',
  'POST /api/users/resend',
  'POST /api/uploads',
  'POST /api/uploads/multiple',
  'PATCH /api/monitoring/error-groups/{id}',
  'POST /api/monitoring/error-groups/bulk-resolve',
  'POST /api/monitoring/security/locked-accounts/unlock',
  'POST /api/monitoring/mail/test',
  'POST /api/monitoring/mail/{id}/retry',
  'POST /api/monitoring/mail/{id}/cancel',
  // Alerts (issue 37): they tell people of what happens; none is a way in.
  'POST /api/monitoring/alert-channels',
  'PATCH /api/monitoring/alert-channels/{id}',
  'DELETE /api/monitoring/alert-channels/{id}',
  'POST /api/monitoring/alert-channels/{id}/test',
  'POST /api/monitoring/alert-rules',
  'PATCH /api/monitoring/alert-rules/{id}',
  'DELETE /api/monitoring/alert-rules/{id}',
  'POST /api/monitoring/incidents/{id}/acknowledge',
  'POST /api/monitoring/maintenance-windows',
  'DELETE /api/monitoring/maintenance-windows/{id}',
  'POST /api/projects',
  'PATCH /api/projects/{id}',
  'POST /api/projects/{id}/budget-revisions',
  'POST /api/projects/{id}/costs',
  'PATCH /api/costs/{id}',
  'DELETE /api/costs/{id}',
  'POST /api/cost-rates',
  'POST /api/closed-months',
  'DELETE /api/closed-months/{month}',
  'POST /api/projects/{id}/costs/import',
  'DELETE /api/import-batches/{id}',
];

const CHANGING_METHODS = ['post', 'put', 'patch', 'delete'] as const;
/** Past the window: the session's last sign-in or confirmation is no longer recent. */
const STALE = REAUTHENTICATION_WINDOW_MS + 1_000;

let t: TestApp;
const { call, ok, challenge, secondStep, passwordTokens, enrolTotp } = twoStepClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An admin with an authenticator app, signed in (so their session is recent until the clock moves). */
async function adminWithTotp() {
  const admin = await createUser(t, { position: 'admin' });
  const token = (await passwordTokens(admin)).access_token;
  const { secret } = await enrolTotp(token);
  return { admin, token, secret };
}

/** 403 with the contract's body and the reason the site's "Confirm your password" acts on. */
function expectReauthenticationRequired(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({
    code: 403,
    message: TWO_STEP_MESSAGES.reauthenticationRequired,
    reason: 'reauthentication_required',
  });
}

/** POST /auth/reauthenticate with the password and the authenticator's code of now. */
async function confirm(token: string, user: { password: string }, secret: string) {
  await ok('POST', '/auth/reauthenticate', token, {
    password: user.password,
    code: totpCode(secret, t.clock.now()),
  });
}

const twoStepOf = async (id: string) =>
  (await t.services.users.getById(id)) as User & { twoStepEnabled: boolean };

const standingOf = async (id: string) => {
  const { position, status } = await t.services.users.getById(id);
  return { position, status };
};

describe('which calls need a recent confirmation', () => {
  it('decides for every authenticated call that changes something, and names no other', () => {
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const changing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of CHANGING_METHODS) {
        const operation = item[method];
        if (operation && (operation.security?.length ?? 0) > 0) {
          changing.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    const decided = [...ALWAYS, ...WHEN, ...NEVER];
    expect(new Set(decided).size, 'each call is decided once').toBe(decided.length);
    expect([...changing].sort()).toEqual([...decided].sort());
  });
});

describe('resetting someone’s two-step sign-in (DELETE /users/{id}/two-step)', () => {
  it('refuses a stale session on its own id and on another admin, and removes nothing', async () => {
    const caller = await adminWithTotp();
    const other = await adminWithTotp();
    t.clock.advance(STALE);

    for (const target of [caller.admin, other.admin]) {
      expectReauthenticationRequired(
        await call('DELETE', `/users/${target.id}/two-step`, caller.token),
      );
      expect((await twoStepOf(target.id)).twoStepEnabled, target.email).toBe(true);
    }
    const resets = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'two_step.reset')
      .where('actor_id', '=', caller.admin.id)
      .execute();
    expect(resets).toEqual([]);
  });

  it('resets once the password and code are confirmed again (the site’s retry)', async () => {
    const caller = await adminWithTotp();
    const other = await adminWithTotp();
    t.clock.advance(STALE);
    expectReauthenticationRequired(
      await call('DELETE', `/users/${other.admin.id}/two-step`, caller.token),
    );

    await confirm(caller.token, caller.admin, caller.secret);
    for (const target of [other.admin, caller.admin]) {
      const reset = await ok<User>('DELETE', `/users/${target.id}/two-step`, caller.token);
      expect(reset).toMatchObject({ id: target.id, twoStepEnabled: false });
    }
  });

  it('lets a fresh sign-in reset at once: signing in counts as a confirmation', async () => {
    const caller = await adminWithTotp();
    const other = await adminWithTotp();
    t.clock.advance(STALE);
    // A new sign-in (password and code) is as recent as a confirmation.
    t.clock.advance(30_000);
    const { challenge_token } = await challenge(caller.admin);
    const signedIn = await secondStep(
      challenge_token,
      'totp',
      totpCode(caller.secret, t.clock.now()),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const fresh = signedIn.json<{ data: { access_token: string } }>().data.access_token;
    const reset = await call('DELETE', `/users/${other.admin.id}/two-step`, fresh);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await twoStepOf(other.admin.id)).twoStepEnabled).toBe(false);
  });
});

describe('one’s own factors and password', () => {
  it('refuse a stale session with the same 403, and nothing changes', async () => {
    const caller = await adminWithTotp();
    t.clock.advance(STALE);
    const requests: [Method, string, object?][] = [
      ['POST', '/users/profile/two-step/totp'],
      ['DELETE', '/users/profile/two-step/totp'],
      ['POST', '/users/profile/two-step/recovery-codes'],
      ['POST', '/users/profile/passkeys/options'],
      ['DELETE', '/users/profile/passkeys/00000000-0000-4000-8000-000000000000'],
      [
        'PATCH',
        '/users/change-password',
        {
          password: caller.admin.password,
          newPassword: 'Another-Horse-7',
          confirmNewPassword: 'Another-Horse-7',
        },
      ],
    ];
    for (const [method, url, payload] of requests) {
      expectReauthenticationRequired(await call(method, url, caller.token, payload));
    }
    expect((await twoStepOf(caller.admin.id)).twoStepEnabled).toBe(true);
    expect((await challenge(caller.admin)).methods).toEqual(['totp', 'recovery_code']);
  });
});

describe('granting the admin role', () => {
  /** A stale admin's session (no second factor: the password alone confirms it). */
  async function staleAdmin() {
    const admin = await createUser(t, { position: 'admin' });
    const token = (await passwordTokens(admin)).access_token;
    t.clock.advance(STALE);
    return { admin, token };
  }
  const reconfirm = (token: string, password: string) =>
    ok('POST', '/auth/reauthenticate', token, { password });

  it('PATCH /users/{id}: making a user an admin, or an inactive admin active, needs it', async () => {
    const { admin, token } = await staleAdmin();
    const member = await createUser(t, { position: 'contractor' });
    const former = await createUser(t, { position: 'admin', status: 'inactive' });

    expectReauthenticationRequired(
      await call('PATCH', `/users/${member.id}`, token, { position: 'admin' }),
    );
    expectReauthenticationRequired(
      await call('PATCH', `/users/${former.id}`, token, { status: 'active' }),
    );
    expectReauthenticationRequired(
      await call('PATCH', `/users/${former.id}/status`, token, { status: 'active' }),
    );
    expect(await standingOf(member.id)).toEqual({ position: 'contractor', status: 'active' });
    expect(await standingOf(former.id)).toEqual({ position: 'admin', status: 'inactive' });

    await reconfirm(token, admin.password);
    await ok('PATCH', `/users/${member.id}`, token, { position: 'admin' });
    await ok('PATCH', `/users/${former.id}/status`, token, { status: 'active' });
    expect(await standingOf(member.id)).toEqual({ position: 'admin', status: 'active' });
    expect(await standingOf(former.id)).toEqual({ position: 'admin', status: 'active' });
  });

  it('POST /users/bulk: refused before any row when one row would become an admin', async () => {
    const { admin, token } = await staleAdmin();
    const member = await createUser(t, { position: 'finance' });
    const inactiveMember = await createUser(t, { position: 'contractor', status: 'inactive' });
    const former = await createUser(t, { position: 'admin', status: 'inactive' });

    expectReauthenticationRequired(
      await call('POST', '/users/bulk', token, {
        action: 'changeRole',
        position: 'admin',
        ids: [member.id],
      }),
    );
    expectReauthenticationRequired(
      await call('POST', '/users/bulk', token, {
        action: 'activate',
        ids: [inactiveMember.id, former.id],
      }),
    );
    expect(await standingOf(member.id)).toEqual({ position: 'finance', status: 'active' });
    // Refused as a whole: the row before the admin's was not done either.
    expect(await standingOf(inactiveMember.id)).toMatchObject({ status: 'inactive' });
    expect(await standingOf(former.id)).toMatchObject({ status: 'inactive' });

    await reconfirm(token, admin.password);
    const answer = await ok<{ results: { outcome: string }[] }>('POST', '/users/bulk', token, {
      action: 'activate',
      ids: [inactiveMember.id, former.id],
    });
    expect(answer.results.map((row) => row.outcome)).toEqual(['done', 'done']);
  });

  it('POST /users/bulk-create: inviting an admin needs it, and nobody is invited without it', async () => {
    const { admin, token } = await staleAdmin();
    const rows = [
      { email: uniqueEmail('invitee'), position: 'contractor' },
      { email: uniqueEmail('new-admin'), position: 'admin' },
    ];
    expectReauthenticationRequired(
      await call('POST', '/users/bulk-create', token, { users: rows }),
    );
    const invited = await t.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        rows.map((row) => row.email),
      )
      .execute();
    expect(invited).toEqual([]);

    await reconfirm(token, admin.password);
    const created = await call('POST', '/users/bulk-create', token, { users: rows });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a stale session still does what grants no admin role', async () => {
    const { token } = await staleAdmin();
    const member = await createUser(t, { position: 'contractor' });
    const otherAdmin = await createUser(t, { position: 'admin' });
    const pendingAdmin = await createUser(t, { position: 'admin', status: 'pending' });

    await ok('PATCH', `/users/${member.id}`, token, { position: 'finance', fullName: 'Fin Ance' });
    await ok('PATCH', `/users/${otherAdmin.id}`, token, {
      position: 'admin',
      fullName: 'Still Admin',
    });
    await ok('PATCH', `/users/${otherAdmin.id}/status`, token, { status: 'inactive' });
    await ok('POST', '/users/bulk', token, {
      action: 'changeRole',
      position: 'project_manager',
      ids: [member.id, pendingAdmin.id],
    });
    const invited = await call('POST', '/users/bulk-create', token, {
      users: [{ email: uniqueEmail('contractor'), position: 'contractor' }],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await standingOf(member.id)).toEqual({ position: 'project_manager', status: 'active' });
    expect(await standingOf(otherAdmin.id)).toEqual({ position: 'admin', status: 'inactive' });
  });
});
