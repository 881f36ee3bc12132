import type { PersonRef } from '@staff-admin/shared';

/** A joined user's columns as a PersonRef; null when the join found none (or the user is gone). */
export const personOrNull = (
  id: string | null,
  fullName: string | null,
  email: string | null,
): PersonRef | null => (id && email ? { id, fullName, email } : null);
