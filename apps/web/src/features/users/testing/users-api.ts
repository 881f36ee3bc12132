import {
  LIST_DEFAULT_LIMIT,
  type Paginated,
  type User,
  type UserSortColumn,
} from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/server.js';

/**
 * GET /users over `users`, answering as CONTRACT §4 says (search in name or email, sort,
 * pages). Returns the query of every call, so tests see what the site asked for.
 */
export function serveUserList(users: User[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/users`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const search = (query.search ?? '').toLowerCase();
      const sortBy = (query.sortBy ?? 'createdAt') as UserSortColumn;
      const direction = query.sortDirection === 'ASC' ? 1 : -1;
      const page = Number(query.page ?? 1);
      const limit = Number(query.limitPerPage ?? LIST_DEFAULT_LIMIT);

      const matching = users
        .filter(
          (user) =>
            user.email.includes(search) || (user.fullName ?? '').toLowerCase().includes(search),
        )
        .sort((a, b) => direction * String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')));
      const body: Paginated<User> = {
        data: matching.slice((page - 1) * limit, page * limit),
        meta: {
          currentPage: page,
          itemsPerPage: limit,
          totalItems: matching.length,
          totalPages: Math.ceil(matching.length / limit),
        },
      };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}
