import type { ScimConfig } from '../../config/env.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { RequestOrigin } from '../audit/index.js';
import type { AccountMails } from '../mail/index.js';
import type { OneTimeTokensService } from '../one-time-tokens/index.js';
import type { UploadsService } from '../uploads/index.js';
import { deleteUser, editUser, type UserChanges } from '../users/index.js';
import type { DirectoryChanges, ScimScope } from './directory-changes.js';
import type { DirectoryRepository, DirectoryUser } from './directory.repository.js';
import { ScimError } from './scim-errors.js';
import { userQuery } from './scim-filter.js';
import { readUser, type UserInput } from './scim-input.js';
import { applyPatch } from './scim-patch.js';
import { listResponse, toScimUser, versionOf, type ScimUser } from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.repository.js';

export interface ScimUsersDeps {
  config: ScimConfig;
  appUrl: string;
  directory: DirectoryRepository;
  changes: DirectoryChanges;
  tokens: Pick<OneTimeTokensService, 'mailLink'>;
  mails: Pick<AccountMails, 'invitation'>;
  uploads: Pick<UploadsService, 'removeFiles'>;
  clock: Clock;
}

/** What a call is about, for the sync log. */
export interface Subject {
  userId: string | null;
  subject: string | null;
}

/** A write's context: the token, the request's origin, the sync log's row, and If-Match. */
export interface ScimWrite {
  caller: ScimCaller;
  origin: RequestOrigin;
  subject: Subject;
  ifMatch?: string;
}

export interface Paging {
  startIndex: number;
  count: number;
}

const userNotFound = () => new ScimError(404, 'No user has this id', 'noTarget');

/**
 * SCIM's /Users (RFC 7644 §3): the directory creates, reads, replaces, patches and deletes staff.
 * Its writes go through the users module's rules (editUser, deleteUser): the last active admin
 * stays one, deactivating ends every session at once (in every process), and each change is in
 * the audit trail with the token's name as the actor.
 */
export class ScimUsersService {
  constructor(private readonly deps: ScimUsersDeps) {}

  async list(filter: string | undefined, { startIndex, count }: Paging) {
    const { users, total } = await this.deps.directory.findUsers(userQuery(filter), {
      offset: startIndex - 1,
      limit: count,
    });
    return listResponse(
      users.map((user) => toScimUser(user, this.deps.appUrl)),
      total,
      startIndex,
    );
  }

  async get(id: string): Promise<ScimUser> {
    const user = await this.deps.directory.findUser(checkedId(id));
    if (!user) throw userNotFound();
    return toScimUser(user, this.deps.appUrl);
  }

  /**
   * POST /Users: an account that can sign in by SSO at once (active, no password), or, with
   * SCIM_SEND_INVITATIONS, a pending one with the invitation mail. A taken email is 409.
   */
  async create(body: unknown, write: ScimWrite): Promise<ScimUser> {
    const { caller, origin, subject } = write;
    const input = readUser(body);
    subject.subject = input.email;
    const { changes, config, clock } = this.deps;
    const id = newId();
    const position = changes.positionFor([]);
    const status = !input.active ? 'inactive' : config.sendInvitations ? 'pending' : 'active';
    await changes.run(
      caller,
      origin,
      async (scope) => {
        const now = nowIso(clock);
        const inserted = await scope.repos.users.insertIfEmailFree({
          id,
          email: input.email,
          full_name: input.fullName,
          position,
          status,
          password_hash: null,
          invited_by: null,
          created_at: now,
          updated_at: now,
        });
        if (!inserted)
          throw new ScimError(409, 'A user with this userName already exists', 'uniqueness');
        await scope.repos.directory.saveUser(id, input, {
          roleFollowsGroups: changes.rolesFollowGroups,
        });
        await scope.repos.audit.record({
          action: 'user.provisioned',
          actorName: caller.name,
          targetId: id,
          origin,
          details: { via: 'scim', position, status },
        });
        if (status === 'pending')
          await this.invite(
            scope,
            { id, email: input.email, fullName: input.fullName },
            caller,
            origin,
          );
      },
      { lockAdmins: false },
    );
    subject.userId = id;
    return this.get(id);
  }

  /** PUT /Users/{id}: the attributes we keep, replaced (what Okta's wizard-built apps send). */
  async replace(id: string, body: unknown, write: ScimWrite): Promise<ScimUser> {
    return this.change(id, write, () => readUser(body));
  }

  /** PATCH /Users/{id}: the operations applied to the user as SCIM shows them, then as a PUT. */
  async patch(id: string, body: unknown, write: ScimWrite): Promise<ScimUser> {
    return this.change(id, write, (current) => {
      const before = toScimUser(current, this.deps.appUrl);
      const patched = applyPatch(before, body);
      if (patched.id !== before.id) {
        throw new ScimError(400, 'id is read-only', 'mutability');
      }
      keepNameInStep(before, patched);
      // A patch of the work email alone (Entra ID's `emails[type eq "work"].value`) moves the email.
      const emailFrom = patched.userName === before.userName ? 'emails' : 'userName';
      return readUser(patched, { emailFrom });
    });
  }

  /**
   * DELETE /Users/{id}: deletes as an admin's delete does, or deactivates with
   * SCIM_DELETE=deactivate. Never the last active admin, nor the token's own admin (409).
   */
  async delete(id: string, write: ScimWrite): Promise<void> {
    const { caller, origin, subject } = write;
    const userId = checkedId(id);
    subject.userId = userId;
    if (this.deps.config.onDelete === 'deactivate') {
      await this.change(userId, { ...write, ifMatch: undefined }, (current) => ({
        ...fromUser(current),
        active: false,
      }));
      return;
    }
    const { changes } = this.deps;
    const files = await changes.run(caller, origin, async (scope, context) => {
      const user = await scope.repos.directory.findUser(userId);
      if (!user) throw userNotFound();
      subject.subject = user.email;
      return changes.about(userId, () =>
        deleteUser(
          scope,
          userId,
          changes.actor(caller, origin),
          context,
          changes.ownerRule(caller, () => true),
        ),
      );
    });
    // Their picture's row went with them; its bytes go once that is committed.
    await this.deps.uploads.removeFiles(files);
  }

  /** A replacement of what we keep of the user, under the rules, in one transaction. */
  private async change(
    id: string,
    write: ScimWrite,
    next: (current: DirectoryUser) => UserInput,
  ): Promise<ScimUser> {
    const { ifMatch, caller, origin, subject } = write;
    const userId = checkedId(id);
    subject.userId = userId;
    const { changes } = this.deps;
    await changes.run(caller, origin, async (scope, context) => {
      const current = await scope.repos.directory.findUser(userId);
      if (!current) throw userNotFound();
      subject.subject = current.email;
      if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== versionOf(current.updatedAt)) {
        throw new ScimError(412, 'The user has changed since this version was read');
      }
      const input = next(current);
      subject.subject = input.email;
      const userChanges: UserChanges = {};
      if (input.email !== current.email) userChanges.email = input.email;
      if (input.fullName !== null && input.fullName !== current.fullName) {
        userChanges.full_name = input.fullName;
      }
      if (!input.active && current.status !== 'inactive') userChanges.status = 'inactive';
      if (input.active && current.status === 'inactive') userChanges.status = 'active';
      await changes.about(userId, () =>
        editUser(
          scope,
          userId,
          {
            changes: userChanges,
            check: changes.ownerRule(
              caller,
              (user) => userChanges.status !== undefined && userChanges.status !== user.status,
            ),
            by: changes.actor(caller, origin),
          },
          context,
        ),
      );
      await scope.repos.directory.saveUser(userId, input, {
        roleFollowsGroups: changes.rolesFollowGroups,
      });
      await changes.followGroups(scope, userId, caller, origin, context);
      // Every write is in the audit trail, with the fields it changed (status and position have
      // events of their own).
      await scope.repos.audit.record({
        action: 'user.directory_changed',
        actorName: caller.name,
        targetId: userId,
        origin,
        details: { fields: Object.keys(userChanges).filter((key) => key !== 'status') },
      });
    });
    return this.get(userId);
  }

  private async invite(
    scope: ScimScope,
    user: { id: string; email: string; fullName: string | null },
    caller: ScimCaller,
    origin: RequestOrigin,
  ): Promise<void> {
    await this.deps.tokens.mailLink(scope, {
      userId: user.id,
      type: 'confirmation_token',
      mail: (token) => this.deps.mails.invitation(scope, user, token, null),
      event: {
        action: 'invitation.sent',
        actorName: caller.name,
        origin,
        details: { via: 'scim' },
      },
    });
  }
}

/**
 * A patch of the name's parts alone (Entra ID's `name.givenName`) renames the person: the
 * formatted name we showed is dropped, so that the parts make the new full name.
 */
function keepNameInStep(before: ScimUser, patched: Record<string, unknown>): void {
  const name = patched.name as Record<string, unknown> | undefined;
  if (typeof name !== 'object' || name === null) return;
  if (name.formatted !== before.name.formatted) return;
  const partsChanged =
    name.givenName !== before.name.givenName || name.familyName !== before.name.familyName;
  if (partsChanged) delete name.formatted;
  // A patch of displayName alone renames the person too (Entra ID maps displayName).
  else if (typeof patched.displayName === 'string' && patched.displayName !== before.displayName) {
    name.formatted = patched.displayName;
  }
}

const fromUser = (user: DirectoryUser): UserInput => ({
  email: user.email,
  fullName: user.fullName,
  givenName: user.givenName,
  familyName: user.familyName,
  externalId: user.externalId,
  active: user.status !== 'inactive',
});

/** A user id as stored (lower case); anything that is not one is an unknown user. */
function checkedId(id: string): string {
  if (!isUuid(id)) throw userNotFound();
  return id.toLowerCase();
}
