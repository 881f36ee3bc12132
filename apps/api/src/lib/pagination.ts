import type { PaginationMeta } from '@staff-admin/shared';
import { z } from 'zod';

export const paginationMetaSchema = z.object({
  currentPage: z.number().int(),
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
}) satisfies z.ZodType<PaginationMeta>;

/** CONTRACT §2's paginated body: `{ data: [ … ], meta }`. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });

export const pageOffset = (page: number, limit: number): number => (page - 1) * limit;

export function paginationMeta(page: number, limit: number, total: number): PaginationMeta {
  return {
    currentPage: page,
    itemsPerPage: limit,
    totalItems: total,
    totalPages: Math.ceil(total / limit),
  };
}

/** The meta of a list with every item on one page (`all=true`, or no page size asked for). */
export const wholeListMeta = (total: number): PaginationMeta => ({
  currentPage: 1,
  itemsPerPage: total,
  totalItems: total,
  totalPages: total > 0 ? 1 : 0,
});
