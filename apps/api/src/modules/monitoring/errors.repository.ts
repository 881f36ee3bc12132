import {
  ERROR_GROUP_RELEASES_SHOWN,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorGroupStatus,
  type ErrorOccurrence,
  type ErrorSource,
  type ListErrorGroupsQuery,
  type StoredStackFrame,
} from '@staff-admin/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ErrorGroupsTable, ErrorOccurrencesTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { escapeLike } from '../../db/like.js';

/** One occurrence to store: every text already scrubbed. */
export interface NewOccurrence extends Pick<
  ErrorOccurrencesTable,
  'at' | 'message' | 'stack' | 'method' | 'route' | 'status' | 'url' | 'release' | 'frames'
> {
  fingerprint: string;
  source: ErrorSource;
  type: string;
  title: string;
  requestId: string | null;
  userAgent: string | null;
  userId: string | null;
}

export interface RecordedOccurrence {
  groupId: string;
  /** The group was resolved and this occurrence reopened it. */
  regressed: boolean;
}

/** The caps on stored samples (errors.service.ts says why these numbers). */
export interface SampleCaps {
  /** A group keeps this many samples, the newest. */
  perGroup: number;
  /** Browser samples stored since `dayStart` past which the next are dropped. */
  browserPerDay: number;
  /** The start of the current UTC day and hour (ISO). */
  dayStart: string;
  hour: string;
}

/** Browser reports since `since`: how many were stored, and how many dropped. */
async function browserReportsSince(
  db: Kysely<DB>,
  since: string,
): Promise<{ stored: number; dropped: number }> {
  const row = await db
    .selectFrom('error_report_counts')
    .select((eb) => [
      eb.fn.sum<number>('reports').as('reports'),
      eb.fn.sum<number>('dropped').as('dropped'),
    ])
    .where('source', '=', 'browser')
    .where('hour', '>=', since)
    .executeTakeFirst();
  const reports = Number(row?.reports ?? 0);
  const dropped = Number(row?.dropped ?? 0);
  return { stored: reports - dropped, dropped };
}

/** How many occurrences the detail shows, newest first. */
export const RECENT_OCCURRENCES = 20;

const SORT_COLUMNS = {
  lastSeenAt: 'last_seen_at',
  firstSeenAt: 'first_seen_at',
  count: 'occurrences',
  usersAffected: 'users_affected',
  title: 'title_lower',
} as const;

function toGroup(row: Selectable<ErrorGroupsTable>): ErrorGroup {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    type: row.type,
    status: row.status,
    regressed: row.regressed_at !== null,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    count: Number(row.occurrences),
    usersAffected: Number(row.users_affected),
  };
}

/** Stores an occurrence's sample, and removes the group's oldest past `keep`. */
async function storeNewestSample(
  db: Kysely<DB>,
  groupId: string,
  occurrence: NewOccurrence,
  keep: number,
): Promise<void> {
  await db
    .insertInto('error_occurrences')
    .values({
      id: newId(),
      group_id: groupId,
      at: occurrence.at,
      message: occurrence.message,
      stack: occurrence.stack,
      method: occurrence.method,
      route: occurrence.route,
      status: occurrence.status,
      request_id: occurrence.requestId,
      url: occurrence.url,
      release: occurrence.release,
      user_agent: occurrence.userAgent,
      user_id: occurrence.userId,
      frames: occurrence.frames,
    })
    .execute();
  const { stored } = await db
    .selectFrom('error_occurrences')
    .select((eb) => eb.fn.countAll<number>().as('stored'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  const excess = Number(stored) - keep;
  if (excess <= 0) return;
  const oldest = db
    .selectFrom('error_occurrences')
    .select('id')
    .where('group_id', '=', groupId)
    .orderBy('at')
    .orderBy('id')
    .limit(excess);
  await db.deleteFrom('error_occurrences').where('id', 'in', oldest).execute();
}

/** Error groups and their occurrences: all the SQL of the Errors screens and of recording. */
export class ErrorsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Adds an occurrence to its group (created on first sight) in one statement per table, so two
   * processes recording the same crash at once still make one group with both counted. A resolved
   * group that occurs again is reopened as unresolved and flagged regressed; an ignored one stays
   * ignored. Every occurrence is counted (its group, its hour); its sample is stored within the
   * caps: the group keeps its newest `perGroup`, and past `browserPerDay` browser samples today
   * none is stored, nor a new group made (undefined: the report was dropped, and counted so).
   */
  async record(
    occurrence: NewOccurrence,
    caps: SampleCaps,
  ): Promise<RecordedOccurrence | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('error_groups')
        .select('status')
        .where('fingerprint', '=', occurrence.fingerprint)
        .executeTakeFirst();
      const storeSample =
        occurrence.source !== 'browser' ||
        (await browserReportsSince(trx, caps.dayStart)).stored < caps.browserPerDay;
      await trx
        .insertInto('error_report_counts')
        .values({
          hour: caps.hour,
          source: occurrence.source,
          reports: 1,
          dropped: storeSample ? 0 : 1,
        })
        .onConflict((conflict) =>
          conflict.columns(['hour', 'source']).doUpdateSet({
            reports: sql<number>`${sql.ref('error_report_counts.reports')} + 1`,
            dropped: sql<number>`${sql.ref('error_report_counts.dropped')} + ${storeSample ? 0 : 1}`,
          }),
        )
        .execute();
      if (!storeSample && !before) return undefined;

      const group = await trx
        .insertInto('error_groups')
        .values({
          id: newId(),
          fingerprint: occurrence.fingerprint,
          source: occurrence.source,
          type: occurrence.type,
          title: occurrence.title,
          title_lower: occurrence.title.toLowerCase(),
          status: 'unresolved',
          first_seen_at: occurrence.at,
          last_seen_at: occurrence.at,
          occurrences: 1,
        })
        .onConflict((conflict) =>
          conflict.column('fingerprint').doUpdateSet({
            last_seen_at: sql<string>`case when ${sql.ref('error_groups.last_seen_at')} > ${occurrence.at}
              then ${sql.ref('error_groups.last_seen_at')} else ${occurrence.at} end`,
            occurrences: sql<number>`${sql.ref('error_groups.occurrences')} + 1`,
            regressed_at: sql<
              string | null
            >`case when ${sql.ref('error_groups.status')} = 'resolved'
              then ${occurrence.at} else ${sql.ref('error_groups.regressed_at')} end`,
            resolved_at: sql<string | null>`case when ${sql.ref('error_groups.status')} = 'resolved'
              then null else ${sql.ref('error_groups.resolved_at')} end`,
            status: sql<ErrorGroupStatus>`case when ${sql.ref('error_groups.status')} = 'resolved'
              then 'unresolved' else ${sql.ref('error_groups.status')} end`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();

      if (storeSample) await storeNewestSample(trx, group.id, occurrence, caps.perGroup);

      if (occurrence.release !== null) {
        await trx
          .insertInto('error_group_releases')
          .values({
            group_id: group.id,
            release: occurrence.release,
            first_seen_at: occurrence.at,
            last_seen_at: occurrence.at,
            occurrences: 1,
          })
          .onConflict((conflict) =>
            conflict.columns(['group_id', 'release']).doUpdateSet({
              first_seen_at: sql<string>`case when ${sql.ref('error_group_releases.first_seen_at')} < ${occurrence.at}
                then ${sql.ref('error_group_releases.first_seen_at')} else ${occurrence.at} end`,
              last_seen_at: sql<string>`case when ${sql.ref('error_group_releases.last_seen_at')} > ${occurrence.at}
                then ${sql.ref('error_group_releases.last_seen_at')} else ${occurrence.at} end`,
              occurrences: sql<number>`${sql.ref('error_group_releases.occurrences')} + 1`,
            }),
          )
          .execute();
      }

      if (occurrence.userId) {
        const seen = await trx
          .insertInto('error_group_users')
          .values({ group_id: group.id, user_id: occurrence.userId })
          .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(seen.numInsertedOrUpdatedRows ?? 0n) > 0) {
          await trx
            .updateTable('error_groups')
            .set({ users_affected: sql<number>`users_affected + 1` })
            .where('id', '=', group.id)
            .execute();
        }
      }
      return { groupId: group.id, regressed: before?.status === 'resolved' };
    });
  }

  /** Browser reports since `since` (the start of the day): how many stored, how many dropped. */
  async browserReportsSince(since: string): Promise<{ stored: number; dropped: number }> {
    return browserReportsSince(this.db, since);
  }

  async findPage(query: ListErrorGroupsQuery): Promise<{ groups: ErrorGroup[]; total: number }> {
    let filtered = this.db.selectFrom('error_groups');
    if (query.status) filtered = filtered.where('status', '=', query.status);
    if (query.source) filtered = filtered.where('source', '=', query.source);
    const term = query.search?.toLowerCase();
    if (term) {
      filtered = filtered.where(
        sql<boolean>`title_lower like ${`%${escapeLike(term)}%`} escape '\\'`,
      );
    }
    const { total } = await filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const direction = query.sortDirection === 'ASC' ? 'asc' : 'desc';
    const rows = await filtered
      .selectAll()
      .orderBy(SORT_COLUMNS[query.sortBy], direction)
      .orderBy('id', direction)
      .limit(query.limitPerPage)
      .offset((query.page - 1) * query.limitPerPage)
      .execute();
    return { groups: rows.map(toGroup), total: Number(total) };
  }

  async findById(id: string): Promise<ErrorGroupDetail | undefined> {
    const row = await this.db
      .selectFrom('error_groups')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const occurrences = await this.db
      .selectFrom('error_occurrences')
      .leftJoin('users', 'users.id', 'error_occurrences.user_id')
      .select([
        'error_occurrences.id',
        'error_occurrences.at',
        'error_occurrences.message',
        'error_occurrences.stack',
        'error_occurrences.method',
        'error_occurrences.route',
        'error_occurrences.status',
        'error_occurrences.request_id as requestId',
        'error_occurrences.url',
        'error_occurrences.release',
        'error_occurrences.user_agent as userAgent',
        'error_occurrences.frames',
        'users.id as userId',
        'users.full_name as fullName',
        'users.email as email',
      ])
      .where('error_occurrences.group_id', '=', id)
      .orderBy('error_occurrences.at', 'desc')
      .orderBy('error_occurrences.id', 'desc')
      .limit(RECENT_OCCURRENCES)
      .execute();
    const releases = await this.db
      .selectFrom('error_group_releases')
      .select(['release', 'first_seen_at', 'last_seen_at', 'occurrences'])
      .where('group_id', '=', id)
      .orderBy('last_seen_at', 'desc')
      .orderBy('release')
      .limit(ERROR_GROUP_RELEASES_SHOWN)
      .execute();
    return {
      ...toGroup(row),
      resolvedAt: row.resolved_at,
      occurrences: occurrences.map(
        ({ userId, fullName, email, frames, ...occurrence }): ErrorOccurrence => ({
          ...occurrence,
          status: occurrence.status === null ? null : Number(occurrence.status),
          user: userId && email ? { id: userId, fullName, email } : null,
          frames: frames === null ? [] : (JSON.parse(frames) as StoredStackFrame[]),
        }),
      ),
      releases: releases.map((release) => ({
        release: release.release,
        firstSeenAt: release.first_seen_at,
        lastSeenAt: release.last_seen_at,
        count: Number(release.occurrences),
      })),
    };
  }

  /** The groups' current statuses (those that exist). */
  async findStatuses(ids: string[]): Promise<{ id: string; status: ErrorGroupStatus }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('error_groups')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Sets the status (and clears the regression flag); false when the group is gone. */
  async setStatus(id: string, status: ErrorGroupStatus, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('error_groups')
      .set({ status, regressed_at: null, resolved_at: status === 'resolved' ? at : null })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Retention: occurrences and hourly counts older than `occurrencesBefore`, and groups last seen
   * before `groupsBefore` with everything of theirs.
   */
  async prune({
    occurrencesBefore,
    groupsBefore,
  }: {
    occurrencesBefore: string;
    groupsBefore: string;
  }): Promise<{ occurrences: number; groups: number }> {
    return this.db.transaction().execute(async (trx) => {
      const stale = trx
        .selectFrom('error_groups')
        .select('id')
        .where('last_seen_at', '<', groupsBefore);
      await trx.deleteFrom('error_group_users').where('group_id', 'in', stale).execute();
      await trx.deleteFrom('error_group_releases').where('group_id', 'in', stale).execute();
      const byGroup = await trx
        .deleteFrom('error_occurrences')
        .where('group_id', 'in', stale)
        .executeTakeFirst();
      const groups = await trx
        .deleteFrom('error_groups')
        .where('last_seen_at', '<', groupsBefore)
        .executeTakeFirst();
      const old = await trx
        .deleteFrom('error_occurrences')
        .where('at', '<', occurrencesBefore)
        .executeTakeFirst();
      await trx.deleteFrom('error_report_counts').where('hour', '<', occurrencesBefore).execute();
      return {
        occurrences: Number(byGroup.numDeletedRows + old.numDeletedRows),
        groups: Number(groups.numDeletedRows),
      };
    });
  }
}
