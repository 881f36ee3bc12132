import type { AlertRulesRepository } from './alert-rules.repository.js';

/** Maintenance windows that overlap [from, to), oldest first (uptime figures leave them out). */
export type MaintenanceWindowsBetween = (
  from: Date,
  to: Date,
) => Promise<Array<{ startsAt: Date; endsAt: Date }>>;

/**
 * `maintenanceWindowsBetween(from, to)` over a repository (any module can build it from the
 * registry's `alertRules`; the composition root exposes one as `maintenanceWindowsBetween`).
 */
export const maintenanceWindowsOf =
  (repository: Pick<AlertRulesRepository, 'windowsBetween'>): MaintenanceWindowsBetween =>
  async (from, to) =>
    (await repository.windowsBetween(from.toISOString(), to.toISOString())).map((row) => ({
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
    }));
