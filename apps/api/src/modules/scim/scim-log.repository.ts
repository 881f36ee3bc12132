import type {
  ScimLogEntry,
  ScimLogResult,
  ScimOperation,
  ScimResourceType,
} from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import { personColumns, personOrNull } from '../../db/person-ref.js';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** One SCIM call, as the routes record it with its answer. */
export interface ScimCall {
  at: string;
  tokenId: string | null;
  tokenName: string | null;
  operation: ScimOperation;
  resourceType: ScimResourceType;
  userId: string | null;
  subject: string | null;
  status: number;
  detail: string | null;
}

/** The sync log (scim_sync_log): every SCIM call, newest first for Monitoring › Directory. */
export class ScimLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async record(call: ScimCall): Promise<void> {
    await this.db
      .insertInto('scim_sync_log')
      .values({
        id: newId(),
        at: call.at,
        token_id: call.tokenId,
        token_name: call.tokenName,
        operation: call.operation,
        resource_type: call.resourceType,
        user_id: call.userId,
        subject: call.subject?.slice(0, 320) ?? null,
        status: call.status,
        detail: call.detail?.slice(0, 500) ?? null,
      })
      .execute();
  }

  async findPage(
    result: ScimLogResult,
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ entries: ScimLogEntry[]; total: number }> {
    let query = this.db.selectFrom('scim_sync_log');
    if (result === 'failed') query = query.where('scim_sync_log.status', '>=', 400);
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .leftJoin('users as person', 'person.id', 'scim_sync_log.user_id')
      .select([
        'scim_sync_log.id',
        'scim_sync_log.at',
        'scim_sync_log.token_name',
        'scim_sync_log.operation',
        'scim_sync_log.resource_type',
        'scim_sync_log.subject',
        'scim_sync_log.status',
        'scim_sync_log.detail',
        ...personColumns('person'),
      ])
      .orderBy('scim_sync_log.at', 'desc')
      .orderBy('scim_sync_log.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      total: Number(total),
      entries: rows.map((row) => ({
        id: row.id,
        at: row.at,
        tokenName: row.token_name,
        operation: row.operation as ScimOperation,
        resourceType: row.resource_type as ScimResourceType,
        user: personOrNull(row.person_id, row.person_full_name, row.person_email),
        subject: row.subject,
        status: row.status,
        detail: row.detail,
      })),
    };
  }

  /** Removes calls older than `cutoff` (the retention job); answers how many. */
  async deleteBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('scim_sync_log')
      .where('at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
