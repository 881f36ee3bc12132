import type { Passkey } from '@staff-admin/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, SignInChallengesTable } from '../../db/schema.js';
import { useOnce } from '../../db/use-once.js';

export interface TotpFactorRow {
  secretSealed: string;
  confirmedAt: string | null;
  lastUsedStep: number | null;
}

export interface SignInChallengeRow {
  id: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  webauthnChallenge: string | null;
  ssoIssuer: string | null;
}

/**
 * Whether the user of the `users` row at hand has a factor now: a confirmed authenticator or any
 * passkey. What `users.two_step_enabled` is set from (the users module writes it).
 */
export const hasTwoStepFactor = sql<boolean>`(exists (select 1 from totp_factors where totp_factors.user_id = users.id and totp_factors.confirmed_at is not null) or exists (select 1 from passkeys where passkeys.user_id = users.id))`;

/**
 * All SQL of two-step sign-in except the passkeys' own (passkeys.repository.ts): the authenticator
 * factor, recovery codes and sign-in challenges.
 */
export class TwoStepRepository {
  constructor(private readonly db: Kysely<DB>) {}

  // The authenticator (TOTP)

  async findTotp(userId: string): Promise<TotpFactorRow | undefined> {
    return this.db
      .selectFrom('totp_factors')
      .select([
        'secret_sealed as secretSealed',
        'confirmed_at as confirmedAt',
        'last_used_step as lastUsedStep',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Stores a new pending secret, replacing a pending one; false when the user's authenticator is
   * confirmed (then nothing changes).
   */
  async putPendingTotp(userId: string, secretSealed: string, now: string): Promise<boolean> {
    const row = await this.db
      .insertInto('totp_factors')
      .values({ user_id: userId, secret_sealed: secretSealed, created_at: now })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({
            secret_sealed: secretSealed,
            created_at: now,
            confirmed_at: null,
            last_used_step: null,
          })
          .where('totp_factors.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Confirms the pending secret, recording the step its code used; false if not pending. */
  async confirmTotp(userId: string, step: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_factors')
      .set({ confirmed_at: now, last_used_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Records a code's step as used unless it (or a later one) was used already: false = replay. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('totp_factors')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Removes the authenticator (pending or confirmed); true when there was one. */
  async deleteTotp(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('totp_factors')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // Recovery codes

  async countUnusedRecoveryCodes(userId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The user's codes become these (hashes): every earlier one stops working. */
  async replaceRecoveryCodes(
    userId: string,
    rows: { id: string; codeHash: string }[],
    now: string,
  ): Promise<void> {
    await this.deleteRecoveryCodes(userId);
    await this.db
      .insertInto('recovery_codes')
      .values(
        rows.map((row) => ({
          id: row.id,
          user_id: userId,
          code_hash: row.codeHash,
          created_at: now,
        })),
      )
      .execute();
  }

  async deleteRecoveryCodes(userId: string): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  /** Uses up an unused code of the user; false when it is not one (unknown, used, another's). */
  async useRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  // Passkeys, as the Security card and the admin reset see them (their own SQL: passkeys.repository.ts)

  async listPasskeys(userId: string): Promise<Passkey[]> {
    return this.db
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async deletePasskeys(userId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // Sign-in challenges

  async insertChallenge(row: Insertable<SignInChallengesTable>): Promise<void> {
    await this.db.insertInto('sign_in_challenges').values(row).execute();
  }

  async findChallenge(tokenHash: string): Promise<SignInChallengeRow | undefined> {
    return this.db
      .selectFrom('sign_in_challenges')
      .select([
        'id',
        'user_id as userId',
        'expires_at as expiresAt',
        'used_at as usedAt',
        'webauthn_challenge as webauthnChallenge',
        'sso_issuer as ssoIssuer',
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async setChallengeWebauthn(id: string, webauthnChallenge: string): Promise<void> {
    await this.db
      .updateTable('sign_in_challenges')
      .set({ webauthn_challenge: webauthnChallenge })
      .where('id', '=', id)
      .execute();
  }

  /** Uses the challenge up if it is still unused and unexpired; false otherwise (a race lost). */
  consumeChallenge(id: string, now: string): Promise<boolean> {
    return useOnce(this.db, 'sign_in_challenges', id, now);
  }

  async deleteChallengesForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
  }

  /**
   * Challenges whose expiry is before `before`, used or not (a challenge is used before its
   * expiry, so a used one has ended by then too): the retention job's sweep.
   */
  async deleteChallengesEndedBefore(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sign_in_challenges')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
