import type { ScimToken } from '@staff-admin/shared';
import type { Kysely } from 'kysely';
import { personColumns, personOrNull } from '../../db/person-ref.js';
import type { DB } from '../../db/schema.js';

/** What a SCIM call is made with: the token, as the routes and the audit trail name it. */
export interface ScimCaller {
  tokenId: string;
  name: string;
  /** The admin who made or last rotated it (never changed by it); null once gone. */
  ownerId: string | null;
  lastUsedAt: string | null;
}

/** The directory's bearer tokens (scim_tokens). */
export class ScimTokensRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: {
    id: string;
    name: string;
    secretHash: string;
    createdBy: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('scim_tokens')
      .values({
        id: row.id,
        name: row.name,
        secret_hash: row.secretHash,
        created_by: row.createdBy,
        created_at: row.now,
      })
      .execute();
  }

  /** Live tokens, newest first, with who made them. */
  async listLive(): Promise<ScimToken[]> {
    const rows = await this.db
      .selectFrom('scim_tokens')
      .leftJoin('users as owner', 'owner.id', 'scim_tokens.created_by')
      .select([
        'scim_tokens.id',
        'scim_tokens.name',
        'scim_tokens.created_at',
        'scim_tokens.rotated_at',
        'scim_tokens.last_used_at',
        ...personColumns('owner'),
      ])
      .where('scim_tokens.revoked_at', 'is', null)
      .orderBy('scim_tokens.created_at', 'desc')
      .orderBy('scim_tokens.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      createdBy: personOrNull(row.owner_id, row.owner_full_name, row.owner_email),
      rotatedAt: row.rotated_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  countLive(): Promise<number> {
    return this.db
      .selectFrom('scim_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  }

  async findLiveName(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('scim_tokens')
      .select('name')
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.name;
  }

  /** The live token with this secret's hash. */
  async findCaller(secretHash: string): Promise<ScimCaller | undefined> {
    const row = await this.db
      .selectFrom('scim_tokens')
      .select(['id', 'name', 'created_by', 'last_used_at'])
      .where('secret_hash', '=', secretHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return (
      row && {
        tokenId: row.id,
        name: row.name,
        ownerId: row.created_by,
        lastUsedAt: row.last_used_at,
      }
    );
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('scim_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** A new secret for a live token, owned from now on by `ownerId`; false when none is live. */
  async rotate(id: string, secretHash: string, ownerId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scim_tokens')
      .set({ secret_hash: secretHash, created_by: ownerId, rotated_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async revoke(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('scim_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
