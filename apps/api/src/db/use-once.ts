import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** The tables of single-use secrets: a row is used once, before it expires. */
type SingleUseTable = 'one_time_tokens' | 'sign_in_challenges';

/**
 * Uses the row up if it is still unused and unexpired, in one statement, so that of two requests
 * racing for it exactly one wins. False for the other (or once it has expired): refuse it.
 */
export async function useOnce(
  db: Kysely<DB>,
  table: SingleUseTable,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
