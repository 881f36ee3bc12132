import { nowIso, type Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DbEngine } from '../../db/database.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { RequestOrigin } from '../audit/index.js';
import type { DirectoryChanges, ScimScope } from './directory-changes.js';
import type { DirectoryGroup, DirectoryRepository } from './directory.repository.js';
import { ScimError } from './scim-errors.js';
import { groupQuery } from './scim-filter.js';
import { readGroup, type GroupInput } from './scim-input.js';
import { applyPatch } from './scim-patch.js';
import { listResponse, toScimGroup, versionOf, type ScimGroup } from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.repository.js';
import type { Paging, ScimWrite } from './scim-users.service.js';
import type { ChangeContext } from '../users/index.js';

export interface ScimGroupsDeps {
  appUrl: string;
  engine: DbEngine;
  directory: DirectoryRepository;
  changes: DirectoryChanges;
  clock: Clock;
}

const groupNotFound = () => new ScimError(404, 'No group has this id', 'noTarget');

/**
 * SCIM's /Groups: the directory's groups and their members. A group whose name OIDC_ROLE_MAP
 * lists gives its members that position (the first such group wins, in the map's order), so each
 * change of members or name moves the positions of the people it touches, under the same rules
 * as an admin's change: a change that would demote the last active admin is refused whole (409).
 */
export class ScimGroupsService {
  constructor(private readonly deps: ScimGroupsDeps) {}

  async list(filter: string | undefined, { startIndex, count }: Paging, withMembers: boolean) {
    const { groups, total } = await this.deps.directory.findGroups(groupQuery(filter), {
      offset: startIndex - 1,
      limit: count,
    });
    const resources = await Promise.all(
      groups.map(async (group) =>
        toScimGroup(
          group,
          withMembers ? await this.deps.directory.members(group.id) : undefined,
          this.deps.appUrl,
        ),
      ),
    );
    return listResponse(resources, total, startIndex);
  }

  async get(id: string, withMembers = true): Promise<ScimGroup> {
    const groupId = checkedId(id);
    const { groups } = await this.deps.directory.findGroups(
      { id: groupId },
      { offset: 0, limit: 1 },
    );
    const group = groups[0];
    if (!group) throw groupNotFound();
    return toScimGroup(
      group,
      withMembers ? await this.deps.directory.members(groupId) : undefined,
      this.deps.appUrl,
    );
  }

  async create(body: unknown, write: ScimWrite): Promise<ScimGroup> {
    const { caller, origin, subject } = write;
    const input = readGroup(body);
    subject.subject = input.displayName;
    const id = newId();
    await this.write(caller, origin, async (scope, context) => {
      await this.assertUsers(scope, input.memberIds);
      const now = nowIso(this.deps.clock);
      await scope.repos.directory.insertGroup({
        id,
        displayName: input.displayName,
        externalId: input.externalId,
        createdAt: now,
        updatedAt: now,
      });
      await scope.repos.directory.addMembers(id, input.memberIds);
      await this.record(scope, caller, origin, id, {
        created: input.displayName,
        added: input.memberIds.length,
      });
      if (this.deps.changes.isMapped(input.displayName)) {
        await this.followGroups(scope, input.memberIds, caller, origin, context);
      }
    });
    return this.get(id);
  }

  async replace(id: string, body: unknown, write: ScimWrite): Promise<ScimGroup> {
    await this.change(id, write, () => readGroup(body));
    return this.get(id);
  }

  /** PATCH /Groups/{id}: members added or removed, or the name changed (answered 204). */
  async patch(id: string, body: unknown, write: ScimWrite): Promise<void> {
    await this.change(id, write, (group, members) => {
      // Members as `{ value }` alone: Entra ID removes members by a list of such objects, which
      // scim-patch matches whole against the group's.
      const resource = {
        ...toScimGroup(group, undefined, this.deps.appUrl),
        members: members.map((member) => ({ value: member.id })),
      };
      return readGroup(applyPatch(resource, body));
    });
  }

  async delete(id: string, write: ScimWrite): Promise<void> {
    const { caller, origin, subject } = write;
    const groupId = checkedId(id);
    await this.write(caller, origin, async (scope, context) => {
      const group = await scope.repos.directory.findGroupForUpdate(groupId, this.deps.engine);
      if (!group) throw groupNotFound();
      subject.subject = group.displayName;
      const members = (await scope.repos.directory.members(groupId)).map((member) => member.id);
      await scope.repos.directory.deleteGroup(groupId);
      await this.record(scope, caller, origin, groupId, { deleted: group.displayName });
      if (this.deps.changes.isMapped(group.displayName)) {
        await this.followGroups(scope, members, caller, origin, context);
      }
    });
  }

  private async change(
    id: string,
    write: ScimWrite,
    next: (group: DirectoryGroup, members: { id: string; email: string }[]) => GroupInput,
  ): Promise<void> {
    const { ifMatch, caller, origin, subject } = write;
    const groupId = checkedId(id);
    await this.write(caller, origin, async (scope, context) => {
      const group = await scope.repos.directory.findGroupForUpdate(groupId, this.deps.engine);
      if (!group) throw groupNotFound();
      subject.subject = group.displayName;
      if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== versionOf(group.updatedAt)) {
        throw new ScimError(412, 'The group has changed since this version was read');
      }
      const members = await scope.repos.directory.members(groupId);
      const input = next(group, members);
      const before = new Set(members.map((member) => member.id));
      const after = new Set(input.memberIds);
      const added = input.memberIds.filter((memberId) => !before.has(memberId));
      const removed = [...before].filter((memberId) => !after.has(memberId));
      await this.assertUsers(scope, added);
      const renamed = input.displayName !== group.displayName;
      await scope.repos.directory.updateGroup(groupId, {
        displayName: input.displayName,
        externalId: input.externalId,
        now: nowIso(this.deps.clock),
      });
      await scope.repos.directory.addMembers(groupId, added);
      await scope.repos.directory.removeMembers(groupId, removed);
      await this.record(scope, caller, origin, groupId, {
        ...(renamed ? { renamed: { from: group.displayName, to: input.displayName } } : {}),
        added: added.length,
        removed: removed.length,
      });
      const { changes } = this.deps;
      const mapped = changes.isMapped(group.displayName) || changes.isMapped(input.displayName);
      if (mapped) {
        await this.followGroups(
          scope,
          renamed ? [...new Set([...before, ...after])] : [...added, ...removed],
          caller,
          origin,
          context,
        );
      }
    });
  }

  /** One transaction; a name another group has is 409 uniqueness. */
  private async write(
    caller: ScimCaller,
    origin: RequestOrigin,
    work: (scope: ScimScope, context: ChangeContext) => Promise<void>,
  ) {
    try {
      await this.deps.changes.run(caller, origin, work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ScimError(409, 'A group with this displayName already exists', 'uniqueness');
      throw error;
    }
  }

  private async followGroups(
    scope: ScimScope,
    userIds: string[],
    caller: ScimCaller,
    origin: RequestOrigin,
    context: ChangeContext,
  ) {
    for (const userId of userIds) {
      await this.deps.changes.followGroups(scope, userId, caller, origin, context);
    }
  }

  /** Every member must be a user: 400 naming the first that is not. */
  private async assertUsers(scope: ScimScope, userIds: string[]): Promise<void> {
    const unknown = userIds.find((userId) => !isUuid(userId));
    const existing = await scope.repos.directory.existingUserIds(userIds.filter(isUuid));
    const missing = unknown ?? userIds.find((userId) => !existing.has(userId));
    if (missing)
      throw new ScimError(400, `No user has the id ${missing.slice(0, 64)}`, 'invalidValue');
  }

  private record(
    scope: ScimScope,
    caller: ScimCaller,
    origin: RequestOrigin,
    groupId: string,
    details: Record<string, unknown>,
  ) {
    return scope.repos.audit.record({
      action: 'directory_group.changed',
      actorName: caller.name,
      origin,
      details: { groupId, ...details },
    });
  }
}

function checkedId(id: string): string {
  if (!isUuid(id)) throw groupNotFound();
  return id.toLowerCase();
}
