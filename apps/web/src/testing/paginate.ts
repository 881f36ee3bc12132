import type { Paginated } from '@staff-admin/shared';

/** One page of `items` as the API's list calls answer it (CONTRACT §2's paginated body). */
export function paginate<T>(items: T[], page: number, limit: number): Paginated<T> {
  return {
    data: items.slice((page - 1) * limit, page * limit),
    meta: {
      currentPage: page,
      itemsPerPage: limit,
      totalItems: items.length,
      totalPages: limit > 0 ? Math.ceil(items.length / limit) : 0,
    },
  };
}
