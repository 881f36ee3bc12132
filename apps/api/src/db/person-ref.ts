import type { PersonRef } from '@staff-admin/shared';

/** A joined user's columns as a PersonRef; null when the join found none (or the user is gone). */
export const personOrNull = (
  id: string | null,
  fullName: string | null,
  email: string | null,
): PersonRef | null => (id && email ? { id, fullName, email } : null);

/**
 * The three columns of a user joined as `alias` (`users as author`): `author_id`,
 * `author_full_name` and `author_email`, what personOrNull takes back.
 */
export const personColumns = <A extends string>(alias: A) =>
  [
    `${alias}.id as ${alias}_id`,
    `${alias}.full_name as ${alias}_full_name`,
    `${alias}.email as ${alias}_email`,
  ] as const;
