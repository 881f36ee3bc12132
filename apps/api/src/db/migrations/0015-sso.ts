import { sql, type Kysely, type Migration } from 'kysely';
import type { DbEngine } from '../database.js';

/**
 * Company sign-in with OpenID Connect (issue 35, docs/sso.md).
 *
 * - `user_identities`: the provider's (issuer, subject) a user is linked to. After the first
 *   sign-in the link, never the email, finds the user.
 * - `sso_sign_ins`: a started sign-in waiting for the provider's answer, found by the SHA-256 of
 *   its `state` and bound to the browser by the SHA-256 of the binding cookie. Used once.
 * - `sso_exchanges`: the finished sign-in's answer (sealed), found by the SHA-256 of the one-time
 *   exchange code the site trades for it. Used once, within a minute.
 * - `users.role_from_sso`: the role follows the provider's claim ("Managed by SSO").
 * - `sessions.sso_issuer`: the provider a session was started at (sign-out there too), and
 *   `sessions.two_step_by_provider`: the provider asserted a multi-factor sign-in, which counts as
 *   two-step for MFA_REQUIRED_ROLES in that session.
 * - `sign_in_challenges.sso_issuer`: our second step after a company sign-in; the session it
 *   starts is marked with that provider, as one the callback starts itself.
 */
export function sso(engine: DbEngine): Migration {
  const id = engine === 'postgres' ? 'uuid' : 'text';
  const time = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role_from_sso', 'boolean', (col) => col.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('sessions').addColumn('sso_issuer', 'text').execute();
      await db.schema
        .alterTable('sessions')
        .addColumn('two_step_by_provider', 'boolean', (col) => col.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema.alterTable('sign_in_challenges').addColumn('sso_issuer', 'text').execute();

      await db.schema
        .createTable('user_identities')
        .addColumn('id', id, (col) => col.primaryKey())
        .addColumn('user_id', id, (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('issuer', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('last_sign_in_at', time)
        .addUniqueConstraint('user_identities_issuer_subject_key', ['issuer', 'subject'])
        .addUniqueConstraint('user_identities_user_issuer_key', ['user_id', 'issuer'])
        .execute();

      await db.schema
        .createTable('sso_sign_ins')
        .addColumn('id_hash', 'text', (col) => col.primaryKey())
        .addColumn('browser_hash', 'text', (col) => col.notNull())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('return_to', 'text')
        .addColumn('expires_at', time, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sso_exchanges')
        .addColumn('code_hash', 'text', (col) => col.primaryKey())
        .addColumn('browser_hash', 'text', (col) => col.notNull())
        .addColumn('answer_sealed', 'text', (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sso_exchanges').execute();
      await db.schema.dropTable('sso_sign_ins').execute();
      await db.schema.dropTable('user_identities').execute();
      await db.schema.alterTable('sign_in_challenges').dropColumn('sso_issuer').execute();
      await db.schema.alterTable('sessions').dropColumn('two_step_by_provider').execute();
      await db.schema.alterTable('sessions').dropColumn('sso_issuer').execute();
      await db.schema.alterTable('users').dropColumn('role_from_sso').execute();
    },
  };
}
