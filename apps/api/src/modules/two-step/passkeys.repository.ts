import type { Passkey } from '@staff-admin/shared';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PasskeysTable } from '../../db/schema.js';

/** A passkey to store: what verifying an assertion needs, its name and when it was added. */
export interface NewPasskey {
  id: string;
  userId: string;
  /** base64url, as the browser sends it back in `response.id`. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
  name: string;
  createdAt: string;
}

/** A stored passkey. */
export interface PasskeyRow extends NewPasskey {
  lastUsedAt: string | null;
}

/** The passkey as the API shows it: never its key or credential id. */
export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

function parseTransports(json: string | null): string[] | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : undefined;
  } catch {
    return undefined;
  }
}

const toRow = (row: Selectable<PasskeysTable>): PasskeyRow => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: parseTransports(row.transports),
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * Passkeys (WebAuthn credentials) and the registration challenges waiting for a device's answer.
 * The sign-in side's WebAuthn challenge lives on the sign-in challenge row (TwoStepRepository).
 */
export class PasskeysRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A user's passkeys, oldest first (the Security card's list and the WebAuthn allow lists). */
  async listForUser(userId: string): Promise<PasskeyRow[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async countForUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row && toRow(row);
  }

  async findForUser(id: string, userId: string): Promise<PasskeyRow | undefined> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Inserts the passkey; false when its credential id is registered already (to anyone). */
  async insert(passkey: NewPasskey): Promise<boolean> {
    const result = await this.db
      .insertInto('passkeys')
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
        name: passkey.name,
        created_at: passkey.createdAt,
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async rename(id: string, userId: string, name: string): Promise<PasskeyRow | undefined> {
    const row = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row && toRow(row);
  }

  async delete(id: string, userId: string): Promise<PasskeyRow | undefined> {
    const row = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row && toRow(row);
  }

  /**
   * Records a verified use: the new counter and the time, only if the counter is still the one the
   * assertion was checked against (two uses of one assertion at once: one wins). False otherwise.
   */
  async recordUse(id: string, expectedCounter: number, newCounter: number, at: string) {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', expectedCounter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The session's pending registration: a new one replaces any earlier one. */
  async saveRegistration(sessionId: string, challenge: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('webauthn_registrations')
      .values({ session_id: sessionId, challenge, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict.column('session_id').doUpdateSet({ challenge, expires_at: expiresAt }),
      )
      .execute();
  }

  /** Takes the session's pending registration (it can be answered once). */
  async takeRegistration(
    sessionId: string,
  ): Promise<{ challenge: string; expiresAt: string } | undefined> {
    const row = await this.db
      .deleteFrom('webauthn_registrations')
      .where('session_id', '=', sessionId)
      .returning(['challenge', 'expires_at as expiresAt'])
      .executeTakeFirst();
    return row;
  }

  /**
   * Registrations that expired before `before` (the retention job's sweep). An unanswered one
   * otherwise stays until the session's next options call replaces it or the session is deleted.
   */
  async deleteRegistrationsExpiredBefore(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('webauthn_registrations')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
