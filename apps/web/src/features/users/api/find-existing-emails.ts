import { normalizeEmail, type Paginated, type User } from '@staff-admin/shared';
import { api } from '../../../lib/api-client.js';

/** GET /users/emails: which of `emails` already belong to a user (normalised addresses). */
export async function findExistingEmails(emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { data } = await api.get<Paginated<User>>('/users/emails', {
    params: { emails: emails.join(',') },
  });
  return new Set(data.data.map((user) => normalizeEmail(user.email)));
}
