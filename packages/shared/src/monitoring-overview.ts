/** Monitoring › Overview: the health of every part, every live process and the last day's counts. */
import { z } from 'zod';
import {
  HEALTH_STATUSES,
  OVERVIEW_CHECKS,
  OVERVIEW_COUNTS,
} from './monitoring-overview-constants.js';

const healthStatusSchema = z.enum(HEALTH_STATUSES);

export const overviewCheckSchema = z.object({
  name: z.enum(OVERVIEW_CHECKS),
  status: healthStatusSchema,
  /** What was found, for people: "ok", "unavailable", "1 mail retrying after an SMTP failure". */
  output: z.string(),
  /**
   * When what `output` tells of happened or will happen (ISO), or null: "last mail sent" at 10:02.
   * Shown after the output as a relative time ("last mail sent 5 minutes ago"), never in it.
   */
  at: z.string().nullable(),
  /** How long the check took, in milliseconds. */
  latencyMs: z.number(),
  /** When it ran (ISO). */
  time: z.string(),
});
export type OverviewCheck = z.infer<typeof overviewCheckSchema>;

export const overviewProcessSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  release: z.string().nullable(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  heapTotalBytes: z.number(),
  eventLoopDelayP50Ms: z.number(),
  eventLoopDelayP99Ms: z.number(),
  nodeVersion: z.string(),
  /** True for the process that answered this request. */
  current: z.boolean(),
});
export type OverviewProcess = z.infer<typeof overviewProcessSchema>;

export const overviewCountSchema = z.object({
  name: z.enum(OVERVIEW_COUNTS),
  total: z.number().int(),
  /** One per UTC hour, oldest first, the current hour last. */
  hours: z.array(z.object({ hour: z.string(), count: z.number().int() })),
});
export type OverviewCount = z.infer<typeof overviewCountSchema>;

export const overviewSchema = z.object({
  status: healthStatusSchema,
  /** When the server put this answer together (ISO). */
  time: z.string(),
  release: z.string().nullable(),
  checks: z.array(overviewCheckSchema),
  processes: z.array(overviewProcessSchema),
  counts: z.array(overviewCountSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
