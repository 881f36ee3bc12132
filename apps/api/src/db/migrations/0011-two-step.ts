import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Two-step sign-in (issue 15, docs/two-step.md). `users.two_step_enabled` says whether the user
 * has a second factor (a confirmed authenticator or a passkey); it is written in the same
 * transaction as every factor change (TwoStepRepository.refreshTwoStepEnabled), so the
 * authenticate step reads it with the session in one query. `sessions.reauthenticated_at` is when
 * the session's password (and code) was last entered: sign-in, or POST /auth/reauthenticate.
 *
 * A TOTP secret is sealed (AES-256-GCM); recovery codes and sign-in challenges are stored as
 * SHA-256 hashes. Passkeys keep their credential id and public key as base64url text.
 */
export function twoStep(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      // SQLite has no boolean type: the column holds 0 or 1 there (SQLite reads TRUE and FALSE
      // as 1 and 0); repositories only write it with SQL expressions and read it with Boolean().
      await db.schema
        .alterTable('users')
        .addColumn('two_step_enabled', 'boolean', (col) => col.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('sessions').addColumn('reauthenticated_at', time).execute();

      await db.schema
        .createTable('totp_factors')
        .addColumn('user_id', id, (col) =>
          col.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('secret_sealed', 'text', (col) => col.notNull())
        .addColumn('confirmed_at', time)
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (col) => col.notNull().unique())
        .addColumn('used_at', time)
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('recovery_codes_user_idx')
        .on('recovery_codes')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('passkeys')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (col) => col.notNull().unique())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('last_used_at', time)
        .execute();
      await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

      await db.schema
        .createTable('sign_in_challenges')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('used_at', time)
        .addColumn('webauthn_challenge', 'text')
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_challenges_user_idx')
        .on('sign_in_challenges')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('webauthn_registrations')
        .addColumn('session_id', id, (col) =>
          col.primaryKey().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('challenge', 'text', (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webauthn_registrations').execute();
      await db.schema.dropTable('sign_in_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
      await db.schema.dropTable('recovery_codes').execute();
      await db.schema.dropTable('totp_factors').execute();
      await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
      await db.schema.alterTable('users').dropColumn('two_step_enabled').execute();
    },
  };
}
