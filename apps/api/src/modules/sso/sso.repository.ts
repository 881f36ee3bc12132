import type { Position } from '@staff-admin/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A started sign-in, as the callback reads it back. */
export interface PendingSignIn {
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string | null;
  expiresAt: string;
}

/** What the rules need of a user an SSO sign-in may come in as. */
export interface SsoUser {
  id: string;
  email: string;
  position: Position;
  status: 'pending' | 'active' | 'inactive';
  twoStepEnabled: boolean;
  roleFromSso: boolean;
}

/** All SQL of company sign-in (issue 35): identities, pending flows and one-time exchanges. */
export class SsoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertSignIn(idHash: string, row: PendingSignIn): Promise<void> {
    await this.db
      .insertInto('sso_sign_ins')
      .values({
        id_hash: idHash,
        browser_hash: row.browserHash,
        code_verifier: row.codeVerifier,
        nonce: row.nonce,
        return_to: row.returnTo,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Deletes and answers the pending sign-in: a state works once, even for two callbacks at once. */
  async takeSignIn(idHash: string): Promise<PendingSignIn | undefined> {
    const row = await this.db
      .deleteFrom('sso_sign_ins')
      .where('id_hash', '=', idHash)
      .returning(['browser_hash', 'code_verifier', 'nonce', 'return_to', 'expires_at'])
      .executeTakeFirst();
    return (
      row && {
        browserHash: row.browser_hash,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        returnTo: row.return_to,
        expiresAt: row.expires_at,
      }
    );
  }

  async insertExchange(row: {
    codeHash: string;
    browserHash: string;
    answerSealed: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('sso_exchanges')
      .values({
        code_hash: row.codeHash,
        browser_hash: row.browserHash,
        answer_sealed: row.answerSealed,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Deletes and answers the exchange: used once. */
  async takeExchange(
    codeHash: string,
  ): Promise<{ browserHash: string; answerSealed: string; expiresAt: string } | undefined> {
    const row = await this.db
      .deleteFrom('sso_exchanges')
      .where('code_hash', '=', codeHash)
      .returning(['browser_hash', 'answer_sealed', 'expires_at'])
      .executeTakeFirst();
    return (
      row && {
        browserHash: row.browser_hash,
        answerSealed: row.answer_sealed,
        expiresAt: row.expires_at,
      }
    );
  }

  /** Forgets flows and exchanges past their time. */
  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('sso_exchanges').where('expires_at', '<=', now).execute();
  }

  private selectUser() {
    return this.db
      .selectFrom('users')
      .select([
        'users.id',
        'users.email',
        'users.position',
        'users.status',
        'users.two_step_enabled',
        'users.role_from_sso',
      ]);
  }

  async findUserByIdentity(issuer: string, subject: string): Promise<SsoUser | undefined> {
    const row = await this.selectUser()
      .innerJoin('user_identities', 'user_identities.user_id', 'users.id')
      .where('user_identities.issuer', '=', issuer)
      .where('user_identities.subject', '=', subject)
      .executeTakeFirst();
    return row && toSsoUser(row);
  }

  async findUserByEmail(email: string): Promise<SsoUser | undefined> {
    const row = await this.selectUser().where('users.email', '=', email).executeTakeFirst();
    return row && toSsoUser(row);
  }

  /** True when the user is linked to another account at this issuer. */
  async hasIdentityAt(userId: string, issuer: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('id')
      .where('user_id', '=', userId)
      .where('issuer', '=', issuer)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertIdentity(row: {
    id: string;
    userId: string;
    issuer: string;
    subject: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('user_identities')
      .values({
        id: row.id,
        user_id: row.userId,
        issuer: row.issuer,
        subject: row.subject,
        created_at: row.now,
        last_sign_in_at: row.now,
      })
      .execute();
  }

  async touchIdentity(issuer: string, subject: string, now: string): Promise<void> {
    await this.db
      .updateTable('user_identities')
      .set({ last_sign_in_at: now })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }

  /** A pending user's unused invitation that has not expired. */
  async hasLiveInvitation(userId: string, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('one_time_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'confirmation_token')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The invitation is used: the person finished their set-up by signing in with the provider. */
  async completeSetup(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('type', '=', 'confirmation_token')
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .updateTable('users')
      .set({ status: 'active', updated_at: now })
      .where('id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The role the provider's claim gives; from now on it follows the claim ("Managed by SSO"). */
  async setRoleFromClaim(userId: string, position: Position, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      // A literal true: each engine binds a boolean its own way.
      .set({ position, role_from_sso: sql<boolean>`true`, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** The provider a session was started at by SSO, or null (a password sign-in). */
  async sessionIssuer(sessionId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select('sso_issuer')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.sso_issuer ?? null;
  }

  /** The newest successful SSO sign-in (Monitoring). */
  async lastSignInAt(): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_identities')
      .select((eb) => eb.fn.max('last_sign_in_at').as('last'))
      .executeTakeFirst();
    return (row?.last as string | null | undefined) ?? null;
  }
}

function toSsoUser(row: {
  id: string;
  email: string;
  position: Position;
  status: 'pending' | 'active' | 'inactive';
  two_step_enabled: boolean | number;
  role_from_sso: boolean | number;
}): SsoUser {
  return {
    id: row.id,
    email: row.email,
    position: row.position,
    status: row.status,
    twoStepEnabled: Boolean(row.two_step_enabled),
    roleFromSso: Boolean(row.role_from_sso),
  };
}
