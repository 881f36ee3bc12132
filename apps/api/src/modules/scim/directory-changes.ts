import type { Position } from '@staff-admin/shared';
import { roleForGroups, type RoleMapping } from '../../config/role-mapping.js';
import type { TransactionScope, UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import type { MailTransaction } from '../mail/index.js';
import type { OneTimeTokensRepository } from '../one-time-tokens/index.js';
import type { SessionsService } from '../sessions/index.js';
import {
  AdminsNotLocked,
  editUser,
  type ChangeActor,
  type ChangeContext,
  type UserStanding,
  type UsersTransaction,
} from '../users/index.js';
import type { DirectoryRepository } from './directory.repository.js';
import { ScimError } from './scim-errors.js';
import type { ScimCaller } from './scim-tokens.repository.js';

/** The repositories a SCIM write goes through, in one transaction. */
export interface ScimTransaction extends UsersTransaction, MailTransaction {
  directory: DirectoryRepository;
  oneTimeTokens: OneTimeTokensRepository;
}

export type ScimScope = TransactionScope<ScimTransaction>;

/** A person in none of OIDC_ROLE_MAP's groups, with no OIDC_DEFAULT_ROLE, gets the least role. */
export const FALLBACK_POSITION: Position = 'contractor';

export interface DirectoryChangesDeps {
  unitOfWork: UnitOfWork<ScimTransaction>;
  sessions: Pick<SessionsService, 'userChanged'>;
  audit: AuditRepository;
  roleMapping: RoleMapping;
  clock: Clock;
}

/** A refusal by the rules (409), and the person the rule protected. */
const isRefusal = (error: unknown) =>
  (error instanceof DomainError && error.kind === 'conflict') ||
  (error instanceof ScimError && error.status === 409 && error.scimType === undefined);

class RefusedFor extends Error {
  constructor(
    readonly refusal: Error,
    readonly userId: string,
  ) {
    super(refusal.message);
  }
}

/** What SCIM's users and groups share: the transaction, the rules, and groups to positions. */
export class DirectoryChanges {
  constructor(private readonly deps: DirectoryChangesDeps) {}

  /** Groups decide positions only with OIDC_ROLE_MAP. */
  get rolesFollowGroups(): boolean {
    return this.deps.roleMapping.map.size > 0;
  }

  /** The position `groupNames` give (also a new user's, with none). */
  positionFor(groupNames: readonly string[]): Position {
    return roleForGroups(this.deps.roleMapping, groupNames).role ?? FALLBACK_POSITION;
  }

  /** Whether a group of this name takes part in OIDC_ROLE_MAP. */
  isMapped(groupName: string): boolean {
    return this.deps.roleMapping.map.has(groupName);
  }

  actor(caller: ScimCaller, origin: RequestOrigin): ChangeActor {
    return { actorName: caller.name, origin };
  }

  /**
   * One SCIM write in one transaction, the active admins locked first (a write may take an
   * admin's rights away). A write the rules refuse (409: the last active admin, the token's own
   * admin) is rolled back and the refusal recorded in the audit trail.
   */
  async run<T>(
    caller: ScimCaller,
    origin: RequestOrigin,
    work: (scope: ScimScope, context: ChangeContext) => Promise<T>,
    { lockAdmins = true }: { lockAdmins?: boolean } = {},
  ): Promise<T> {
    try {
      return await this.deps.unitOfWork.run(async (scope) => {
        // A create takes no one's rights away: the admins stay unlocked, and creates run side by side.
        const admins = lockAdmins ? await scope.repos.users.lockActiveAdminIds() : undefined;
        return work(scope, {
          activeAdmins: () => {
            if (!admins) throw new AdminsNotLocked();
            return admins;
          },
          clock: this.deps.clock,
          sessions: this.deps.sessions,
        });
      });
    } catch (error) {
      const refusal = error instanceof RefusedFor ? error.refusal : error;
      if (isRefusal(refusal)) {
        await this.deps.audit.record({
          action: 'scim.refused',
          actorName: caller.name,
          targetId: error instanceof RefusedFor ? error.userId : null,
          origin,
          details: { reason: (refusal as Error).message },
        });
      }
      throw refusal;
    }
  }

  /** `work` on one user: a refusal by the rules names them in the audit trail. */
  async about<T>(userId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isRefusal(error)) throw new RefusedFor(error as Error, userId);
      throw error;
    }
  }

  /**
   * The never-oneself rule for a token: it never changes the position or status of the admin who
   * made (or last rotated) it, nor deletes them, as an admin cannot do to themselves.
   */
  ownerRule(caller: ScimCaller, changesStanding: (user: UserStanding) => boolean) {
    return (user: UserStanding) => {
      if (caller.ownerId === user.id && changesStanding(user)) {
        throw new ScimError(
          409,
          'This token was made by this admin: the directory cannot change their own role or status, nor delete them. Another admin can, or a token made by another admin.',
        );
      }
    };
  }

  /** Applies the position the user's groups give now (with OIDC_ROLE_MAP), under the rules. */
  async followGroups(
    scope: ScimScope,
    userId: string,
    caller: ScimCaller,
    origin: RequestOrigin,
    context: ChangeContext,
  ): Promise<void> {
    if (!this.rolesFollowGroups) return;
    const position = this.positionFor(await scope.repos.directory.groupNamesOf(userId));
    await this.about(userId, () =>
      editUser(
        scope,
        userId,
        {
          changes: { position },
          check: this.ownerRule(caller, (user) => user.position !== position),
          by: this.actor(caller, origin),
        },
        context,
      ),
    );
    await scope.repos.directory.markManaged(userId, { roleFollowsGroups: true });
  }
}
