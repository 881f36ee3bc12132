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
