import type { Position, User } from '@staff-admin/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/** A user as selectUsers reads it (the contract's User), for the rows and the list engine alike. */
export type UserSelection = Omit<Selectable<UsersTable>, 'password_hash' | 'full_name_lower'> & {
  inviter_full_name: string | null;
  invitation_sent_at: string | null;
  invitation_expires_at: string | null;
};

/**
 * A pending user's newest unused invitation token's column (null for anyone else, or without
 * one). Issuing an invitation deletes the earlier ones, so there is one at most; the newest is
 * taken all the same. Read through the (user_id, type) index, for pending users only.
 */
function invitationColumn(db: Kysely<DB>, column: 'created_at' | 'expires_at') {
  const newest = db
    .selectFrom('one_time_tokens as invitation')
    .select(`invitation.${column}`)
    .where('invitation.user_id', '=', sql.ref<string>('users.id'))
    .where('invitation.type', '=', 'confirmation_token')
    .where('invitation.used_at', 'is', null)
    .orderBy('invitation.created_at', 'desc')
    .orderBy('invitation.id', 'desc')
    .limit(1);
  return sql<string | null>`case when users.status = 'pending' then (${newest}) end`;
}

/** Users joined with their inviter's name and their invitation: the contract's User shape. */
export function selectUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .leftJoin('users as inviter', 'inviter.id', 'users.invited_by')
    .select([
      'users.id',
      'users.email',
      'users.full_name',
      'users.position',
      'users.status',
      'users.image_url',
      'users.created_at',
      'users.updated_at',
      'users.invited_by',
      'users.two_step_enabled',
      'users.role_from_sso',
      'users.managed_by_directory',
      'users.last_login_at',
      'inviter.full_name as inviter_full_name',
      invitationColumn(db, 'created_at').as('invitation_sent_at'),
      invitationColumn(db, 'expires_at').as('invitation_expires_at'),
    ]);
}

/** A selected row as the contract's User; `twoStepRoles`: MFA_REQUIRED_ROLES, `clock` judges expiry. */
export const toUser = (
  row: UserSelection,
  twoStepRoles: readonly Position[],
  clock: Clock,
): User => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  position: row.position,
  status: row.status,
  imageUrl: row.image_url,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  invitedBy: row.invited_by ? { id: row.invited_by, fullName: row.inviter_full_name } : null,
  // SQLite has no boolean: 0 or 1.
  twoStepEnabled: Boolean(row.two_step_enabled),
  twoStepRequired: twoStepRoles.includes(row.position),
  lastSignInAt: row.last_login_at,
  managedBySso: Boolean(row.role_from_sso),
  managedByDirectory: Boolean(row.managed_by_directory),
  invitation:
    row.invitation_sent_at && row.invitation_expires_at
      ? {
          sentAt: row.invitation_sent_at,
          expiresAt: row.invitation_expires_at,
          expired: Date.parse(row.invitation_expires_at) <= clock.now(),
        }
      : null,
});
