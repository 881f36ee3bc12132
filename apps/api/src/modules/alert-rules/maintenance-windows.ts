import type { AlertRulesRepository } from './alert-rules.repository.js';

/**
 * The maintenance windows of the whole system (those that mute every rule) that overlap
 * [from, to), oldest first: uptime figures leave them out. A window for some rules only is a
 * pause of those alerts, not of the service.
 */
export type MaintenanceWindowsBetween = (
  from: Date,
  to: Date,
) => Promise<Array<{ startsAt: Date; endsAt: Date }>>;

/**
 * `maintenanceWindowsBetween(from, to)` over a repository (any module can build it from the
 * registry's `alertRules`; the composition root gives it to uptime history).
 */
export const maintenanceWindowsOf =
  (repository: Pick<AlertRulesRepository, 'windowsBetween'>): MaintenanceWindowsBetween =>
  async (from, to) =>
    (await repository.windowsBetween(from.toISOString(), to.toISOString()))
      .filter((row) => (JSON.parse(row.rule_ids) as string[]).length === 0)
      .map((row) => ({ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }));
