import { COST_CATEGORIES, PROJECT_STATUSES } from '@staff-admin/shared';
import { z } from 'zod';
import { paginationMetaSchema } from '../../lib/pagination.js';

/** The answers' shapes for the OpenAPI document (the types are packages/shared's). */
export const moneyOut = z.object({ amount: z.number().int(), currency: z.string() });

export const personOut = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
});

export const projectOut = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  client: z.string(),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  owner: personOut.nullable(),
  budget: moneyOut,
  actual: moneyOut,
  remaining: moneyOut,
  percentUsed: z.number().nullable(),
  forecast: moneyOut.nullable(),
  costCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const projectDetailOut = projectOut.extend({
  monthlyCosts: z.array(z.object({ month: z.string(), amount: moneyOut })),
});

export const projectListOut = z.object({
  data: z.array(projectOut),
  meta: paginationMetaSchema.extend({
    totals: z
      .object({ currency: z.string(), budget: moneyOut, actual: moneyOut, remaining: moneyOut })
      .nullable(),
    currencies: z.array(z.string()),
  }),
});

export const budgetRevisionOut = z.object({
  id: z.string(),
  amount: moneyOut,
  reason: z.string(),
  createdAt: z.string(),
  createdBy: personOut.nullable(),
});

export const costEntryOut = z.object({
  id: z.string(),
  projectId: z.string(),
  date: z.string(),
  category: z.enum(COST_CATEGORIES),
  description: z.string(),
  amount: moneyOut,
  person: personOut.nullable(),
  hours: z.number().nullable(),
  rate: moneyOut.nullable(),
  importBatchId: z.string().nullable(),
  createdBy: personOut.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const costRateOut = z.object({
  id: z.string(),
  person: personOut,
  rate: moneyOut,
  validFrom: z.string(),
  createdAt: z.string(),
  createdBy: personOut.nullable(),
});

export const importBatchOut = z.object({
  id: z.string(),
  projectId: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  total: moneyOut,
  createdAt: z.string(),
  createdBy: personOut.nullable(),
  undoneAt: z.string().nullable(),
  undoneBy: personOut.nullable(),
});

export const costImportResultOut = z.object({
  dryRun: z.boolean(),
  rowCount: z.number().int(),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  total: moneyOut,
  months: z.array(z.string()),
  preview: z.array(
    z.object({
      row: z.number().int(),
      date: z.string(),
      category: z.enum(COST_CATEGORIES),
      description: z.string(),
      amount: moneyOut,
      person: z.string().nullable(),
      hours: z.number().nullable(),
    }),
  ),
  batch: importBatchOut.nullable(),
});

export const closedMonthOut = z.object({
  month: z.string(),
  closedAt: z.string(),
  closedBy: personOut.nullable(),
});

export const idParams = z.object({ id: z.string() });
