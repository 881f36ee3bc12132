import type { Status } from '@staff-admin/shared';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';

/** A user as SCIM shows them: our columns and what the directory told us beyond them. */
export interface DirectoryUser {
  id: string;
  email: string;
  fullName: string | null;
  status: Status;
  createdAt: string;
  updatedAt: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  groups: { id: string; displayName: string }[];
}

export interface DirectoryGroup {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a SCIM filter asks of users (each an `eq`; several: all of them). */
export interface UserQuery {
  id?: string;
  email?: string;
  externalId?: string;
}

export interface GroupQuery {
  id?: string;
  displayName?: string;
  externalId?: string;
  /** Has this user as a member (Entra's `members[value eq "…"]`). */
  memberId?: string;
}

export interface Page {
  offset: number;
  limit: number;
}

/**
 * All SQL of provisioning from the directory (issue 36): the directory's attributes of users,
 * its groups and their members, and the users' `managed_by_directory` and `role_from_sso` flags
 * (as company sign-in sets `role_from_sso`).
 */
export class DirectoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private selectUsers() {
    return this.db
      .selectFrom('users')
      .leftJoin('directory_users', 'directory_users.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.full_name',
        'users.status',
        'users.created_at',
        'users.updated_at',
        'directory_users.external_id',
        'directory_users.given_name',
        'directory_users.family_name',
      ]);
  }

  async findUsers(
    query: UserQuery,
    page: Page,
  ): Promise<{ users: DirectoryUser[]; total: number }> {
    // An id that is no uuid is no one's (PostgreSQL's uuid column would refuse the comparison).
    if (query.id !== undefined && !isUuid(query.id)) return { users: [], total: 0 };
    let matches = this.selectUsers();
    if (query.id !== undefined) matches = matches.where('users.id', '=', query.id);
    if (query.email !== undefined) matches = matches.where('users.email', '=', query.email);
    if (query.externalId !== undefined) {
      matches = matches.where('directory_users.external_id', '=', query.externalId);
    }
    const { rows, total } = await pageWithTotal(
      page,
      () =>
        matches
          .orderBy('users.created_at')
          .orderBy('users.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      () => this.countOf(matches),
    );
    const groups = await this.groupsOf(rows.map((row) => row.id));
    return {
      total,
      users: rows.map((row) => ({
        id: row.id,
        email: row.email,
        fullName: row.full_name,
        status: row.status,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        externalId: row.external_id,
        givenName: row.given_name,
        familyName: row.family_name,
        groups: groups.get(row.id) ?? [],
      })),
    };
  }

  /** How many rows a filtered select matches. */
  private async countOf<TB extends keyof DB, O>(
    matches: SelectQueryBuilder<DB, TB, O>,
  ): Promise<number> {
    const { total } = await this.db
      .selectFrom(matches.as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  async findUser(id: string): Promise<DirectoryUser | undefined> {
    const { users } = await this.findUsers({ id }, { offset: 0, limit: 1 });
    return users[0];
  }

  /** Each user's groups, by user id. */
  private async groupsOf(
    userIds: string[],
  ): Promise<Map<string, { id: string; displayName: string }[]>> {
    const byUser = new Map<string, { id: string; displayName: string }[]>();
    if (userIds.length === 0) return byUser;
    const rows = await this.db
      .selectFrom('directory_group_members')
      .innerJoin('directory_groups', 'directory_groups.id', 'directory_group_members.group_id')
      .select([
        'directory_group_members.user_id',
        'directory_groups.id',
        'directory_groups.display_name',
      ])
      .where('directory_group_members.user_id', 'in', userIds)
      .orderBy('directory_groups.display_name')
      .execute();
    for (const row of rows) {
      const list = byUser.get(row.user_id) ?? [];
      list.push({ id: row.id, displayName: row.display_name });
      byUser.set(row.user_id, list);
    }
    return byUser;
  }

  /** The names of the user's groups (what OIDC_ROLE_MAP maps to a position). */
  async groupNamesOf(userId: string): Promise<string[]> {
    return (await this.groupsOf([userId])).get(userId)?.map((group) => group.displayName) ?? [];
  }

  /** The directory's attributes of a user, and the flags that say the directory manages them. */
  async saveUser(
    userId: string,
    attributes: { externalId: string | null; givenName: string | null; familyName: string | null },
    { roleFollowsGroups }: { roleFollowsGroups: boolean },
  ): Promise<void> {
    const values = {
      external_id: attributes.externalId,
      given_name: attributes.givenName,
      family_name: attributes.familyName,
    };
    await this.db
      .insertInto('directory_users')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    await this.markManaged(userId, { roleFollowsGroups });
  }

  /** The directory manages the user from now on (and their role, when groups map to roles). */
  async markManaged(userId: string, { roleFollowsGroups }: { roleFollowsGroups: boolean }) {
    await this.db
      .updateTable('users')
      // Literal trues: each engine binds a boolean its own way.
      .set({
        managed_by_directory: sql<boolean>`true`,
        ...(roleFollowsGroups ? { role_from_sso: sql<boolean>`true` } : {}),
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Which of `ids` are users (a group's members must be). */
  async existingUserIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  async insertGroup(group: DirectoryGroup): Promise<void> {
    await this.db
      .insertInto('directory_groups')
      .values({
        id: group.id,
        display_name: group.displayName,
        external_id: group.externalId,
        created_at: group.createdAt,
        updated_at: group.updatedAt,
      })
      .execute();
  }

  async updateGroup(
    id: string,
    change: { displayName: string; externalId: string | null; now: string },
  ): Promise<void> {
    await this.db
      .updateTable('directory_groups')
      .set({
        display_name: change.displayName,
        external_id: change.externalId,
        updated_at: change.now,
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteGroup(id: string): Promise<void> {
    await this.db.deleteFrom('directory_groups').where('id', '=', id).execute();
  }

  /** The group, locked until the transaction ends on PostgreSQL. */
  async findGroupForUpdate(
    id: string,
    engine: 'sqlite' | 'postgres',
  ): Promise<DirectoryGroup | undefined> {
    let query = this.selectGroups().where('id', '=', id);
    if (engine === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toGroup(row);
  }

  private selectGroups() {
    return this.db
      .selectFrom('directory_groups')
      .select(['id', 'display_name', 'external_id', 'created_at', 'updated_at']);
  }

  async findGroups(
    query: GroupQuery,
    page: Page,
  ): Promise<{ groups: DirectoryGroup[]; total: number }> {
    if ([query.id, query.memberId].some((id) => id !== undefined && !isUuid(id))) {
      return { groups: [], total: 0 };
    }
    let matches = this.selectGroups();
    if (query.id !== undefined) matches = matches.where('id', '=', query.id);
    if (query.displayName !== undefined) {
      matches = matches.where(sql`lower(display_name)`, '=', query.displayName.toLowerCase());
    }
    if (query.externalId !== undefined)
      matches = matches.where('external_id', '=', query.externalId);
    if (query.memberId !== undefined) {
      const memberId = query.memberId;
      matches = matches.where((eb) =>
        eb.exists(
          eb
            .selectFrom('directory_group_members')
            .select('user_id')
            .whereRef('directory_group_members.group_id', '=', 'directory_groups.id')
            .where('directory_group_members.user_id', '=', memberId),
        ),
      );
    }
    const { rows, total } = await pageWithTotal(
      page,
      () =>
        matches.orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
      () => this.countOf(matches),
    );
    return { groups: rows.map(toGroup), total };
  }

  /** The group's members with their emails (SCIM's `display`), in email order. */
  async members(groupId: string): Promise<{ id: string; email: string }[]> {
    return this.db
      .selectFrom('directory_group_members')
      .innerJoin('users', 'users.id', 'directory_group_members.user_id')
      .select(['users.id', 'users.email'])
      .where('directory_group_members.group_id', '=', groupId)
      .orderBy('users.email')
      .execute();
  }

  async addMembers(groupId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('directory_group_members')
      .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
      .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }

  async removeMembers(groupId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('directory_group_members')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', userIds)
      .execute();
  }
}

/**
 * One page and the number of all matches. A first page that is not full holds every match, so it
 * needs no count: a lookup by userName or externalId (what directories send) is one query.
 */
async function pageWithTotal<R>(
  page: Page,
  rows: () => Promise<R[]>,
  count: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  const found = page.limit === 0 ? [] : await rows();
  const total = page.offset === 0 && found.length < page.limit ? found.length : await count();
  return { rows: found, total };
}

function toGroup(row: {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}): DirectoryGroup {
  return {
    id: row.id,
    displayName: row.display_name,
    externalId: row.external_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
