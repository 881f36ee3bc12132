import { DIRECTORY_MESSAGES } from '@staff-admin/shared';
import type { TransactionScope } from '../../db/unit-of-work.js';
import { isUniqueViolation } from '../../db/errors.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { conflict, EmailTaken, invalid, LastActiveAdmin, UserNotFound } from '../../lib/errors.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import type { SessionsRepository, SessionsService } from '../sessions/index.js';
import type { UploadRow, UploadsRepository } from '../uploads/index.js';
import type { UserChanges, UsersRepository, UserStanding } from './users.repository.js';
import { USER_ADMIN_MESSAGES } from './users.messages.js';

/** The repositories a change to users writes through. */
export interface UsersTransaction {
  users: UsersRepository;
  audit: AuditRepository;
  sessions: SessionsRepository;
  uploads: UploadsRepository;
  /** The retention job's rule (modules/retention), asked again under the lock before expiring. */
  retention: { staleSince(userId: string, cutoff: string): Promise<string | undefined> };
}

/**
 * Who changes a user, for the audit trail: an admin (`actorId`) or the company's directory through
 * a SCIM token (`actorName`, issue 36). Without one, the user edits their own profile.
 */
export interface ChangeActor {
  actorId?: string;
  actorName?: string;
  origin: RequestOrigin;
}

/** What an edit asks for, before the rules have looked at the user it is for. */
export interface UserEdit {
  changes: UserChanges;
  /** Throws when the edit is not allowed on this user (403, 400, 409). */
  check?: (user: UserStanding) => void;
  by?: ChangeActor;
}

/** What a change needs besides its transaction. */
export interface ChangeContext {
  /** The active admins, locked; throws AdminsNotLocked where the caller has not locked them. */
  activeAdmins: () => string[];
  clock: Clock;
  sessions: Pick<SessionsService, 'userChanged'>;
}

export const isActiveAdmin = (user: UserStanding) =>
  user.position === 'admin' && user.status === 'active';

/** A transaction met an active admin before locking the admins: it runs again, admins first. */
export class AdminsNotLocked extends Error {}

/** 409 unless an active admin other than `userId` remains. */
export function assertAnotherActiveAdmin(activeAdminIds: string[], userId: string): void {
  if (!activeAdminIds.some((id) => id !== userId)) {
    throw new LastActiveAdmin(USER_ADMIN_MESSAGES.lastActiveAdmin);
  }
}

/** 409 for a change by hand of what the directory owns: the name and the status (issue 36). */
export function assertNotOwnedByDirectory(user: UserStanding, changes: UserChanges): void {
  if (!user.managedByDirectory) return;
  const nameChanges = changes.full_name !== undefined && changes.full_name !== user.fullName;
  const statusChanges = changes.status !== undefined && changes.status !== user.status;
  if (nameChanges || statusChanges) throw conflict(DIRECTORY_MESSAGES.fieldOwnedByDirectory);
}

/**
 * One edit inside the caller's transaction: the rules see the user as it is now (locked), a new
 * picture must be an upload nobody else uses, the replaced picture's upload is released, and
 * deactivating ends every session. Answers the uploads whose files go once it is committed.
 */
export async function editUser(
  { repos, afterCommit }: TransactionScope<UsersTransaction>,
  userId: string,
  { changes, check, by }: UserEdit,
  context: ChangeContext,
): Promise<UploadRow[]> {
  const removesAdminRights =
    (changes.position !== undefined && changes.position !== 'admin') ||
    changes.status === 'inactive';
  const user = await repos.users.findStandingForUpdate(userId);
  if (!user) throw new UserNotFound();
  check?.(user);
  if (removesAdminRights && isActiveAdmin(user)) {
    assertAnotherActiveAdmin(context.activeAdmins(), userId);
  }

  const newPicture = changes.image_url !== undefined && changes.image_url !== user.imageUrl;
  if (newPicture && changes.image_url) {
    await assertUsablePicture(repos, changes.image_url, userId, by?.actorId ?? userId);
  }

  const now = nowIso(context.clock);
  try {
    await repos.users.update(userId, changes, now);
  } catch (error) {
    if (changes.email !== undefined && isUniqueViolation(error)) throw new EmailTaken();
    throw error;
  }
  if (changes.status === 'inactive' && user.status !== 'inactive') {
    await repos.sessions.revokeUserSessions(userId, now);
  }
  if (by) await recordStandingChanges(repos, userId, user, changes, by);
  // Sessions carry the user's status and position: every process must read them again.
  if (changes.status !== undefined || changes.position !== undefined) {
    afterCommit(() => context.sessions.userChanged(userId));
  }
  return newPicture ? releasePicture(repos, user.imageUrl) : [];
}

/**
 * Deletes the user inside the caller's transaction, never the last active admin (409). Sessions,
 * one-time tokens and queued mail go with the user; others they invited keep `invitedBy` null.
 * Answers the uploads whose files go once it is committed.
 */
export async function deleteUser(
  { repos, afterCommit }: TransactionScope<UsersTransaction>,
  userId: string,
  by: ChangeActor,
  context: ChangeContext,
  check?: (user: UserStanding) => void,
): Promise<UploadRow[]> {
  const user = await repos.users.findStandingForUpdate(userId);
  if (!user) throw new UserNotFound();
  check?.(user);
  if (isActiveAdmin(user)) assertAnotherActiveAdmin(context.activeAdmins(), userId);
  await repos.users.deleteById(userId);
  await repos.audit.record({
    action: 'user.deleted',
    actorId: by.actorId,
    actorName: by.actorName,
    targetId: userId,
    origin: by.origin,
    details: { position: user.position, status: user.status },
  });
  afterCommit(() => context.sessions.userChanged(userId));
  return releasePicture(repos, user.imageUrl);
}

/** Audit events for a change of position or status, with the values before and after. */
async function recordStandingChanges(
  repos: UsersTransaction,
  userId: string,
  before: UserStanding,
  changes: UserChanges,
  by: ChangeActor,
): Promise<void> {
  const record = (
    action: 'user.position_changed' | 'user.status_changed',
    from: string,
    to: string,
  ) =>
    repos.audit.record({
      action,
      actorId: by.actorId,
      actorName: by.actorName,
      targetId: userId,
      origin: by.origin,
      details: { before: from, after: to },
    });
  if (changes.position !== undefined && changes.position !== before.position) {
    await record('user.position_changed', before.position, changes.position);
  }
  if (changes.status !== undefined && changes.status !== before.status) {
    await record('user.status_changed', before.status, changes.status);
  }
}

/**
 * 400 unless the picture is an upload the editor made that no other user has. Another user's
 * unused upload is answered like an unknown path.
 */
async function assertUsablePicture(
  repos: UsersTransaction,
  imageUrl: string,
  userId: string,
  editorId: string,
) {
  const refused = (message: string) => invalid(message, { imageUrl: message });
  const upload = await repos.uploads.findByPath(imageUrl);
  if (!upload) throw refused(USER_ADMIN_MESSAGES.imageNotUploaded);
  if (await repos.users.isImageUsedByOther(imageUrl, userId)) {
    throw refused(USER_ADMIN_MESSAGES.imageInUse);
  }
  if (upload.owner_id !== editorId) throw refused(USER_ADMIN_MESSAGES.imageNotUploaded);
}

/** Deletes the record of a picture being replaced or removed; its file goes after the commit. */
export async function releasePicture(
  repos: UsersTransaction,
  imageUrl: string | null,
): Promise<UploadRow[]> {
  if (!imageUrl) return [];
  const row = await repos.uploads.deleteByPath(imageUrl);
  return row ? [row] : [];
}
