import type { AlertRuleKind, IncidentState } from '@staff-admin/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  AlertIncidentsTable,
  AlertRulesTable,
  DB,
  MaintenanceWindowsTable,
} from '../../db/schema.js';

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertIncidentRow = Selectable<AlertIncidentsTable> & {
  rule_name: string;
  acknowledged_by_name: string | null;
};
export type MaintenanceWindowRow = Selectable<MaintenanceWindowsTable> & {
  created_by_name: string | null;
};

export interface IncidentFilter {
  state?: IncidentState;
  kind?: AlertRuleKind;
  /** Only these kinds (finance: the budget kinds). */
  kinds?: readonly string[];
}

/** A new incident, as the evaluator opens it. */
export interface NewIncident {
  id: string;
  rule_id: string;
  kind: string;
  subject_key: string;
  summary: string;
  data: string;
  count: number;
  opened_at: string;
}

/**
 * Every query of alerts: the rules, their incidents and timelines, maintenance windows, and what
 * the evaluator reads of the other modules' tables, each through an index over a bounded window.
 */
export class AlertRulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  // ---- rules ----------------------------------------------------------------------------------

  listRules(kinds?: readonly string[]): Promise<AlertRuleRow[]> {
    let query = this.db.selectFrom('alert_rules').selectAll();
    if (kinds) query = query.where('kind', 'in', kinds);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  enabledRules(): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findRule(id: string): Promise<AlertRuleRow | undefined> {
    return this.db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertRule(row: AlertRuleRow): Promise<void> {
    await this.db.insertInto('alert_rules').values(row).execute();
  }

  async updateRule(
    id: string,
    changes: Omit<AlertRuleRow, 'id' | 'kind' | 'created_by' | 'created_at' | 'evaluated_until'>,
  ): Promise<void> {
    await this.db.updateTable('alert_rules').set(changes).where('id', '=', id).execute();
  }

  async deleteRule(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('alert_rules').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** One statement for a pass's rules, whatever their number. */
  async setEvaluatedUntil(ids: readonly string[], until: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('alert_rules')
      .set({ evaluated_until: until })
      .where('id', 'in', ids)
      .execute();
  }

  // ---- incidents ------------------------------------------------------------------------------

  private incidents() {
    return this.db
      .selectFrom('alert_incidents')
      .innerJoin('alert_rules', 'alert_rules.id', 'alert_incidents.rule_id')
      .leftJoin('users', 'users.id', 'alert_incidents.acknowledged_by')
      .selectAll('alert_incidents')
      .select(['alert_rules.name as rule_name', 'users.full_name as acknowledged_by_name']);
  }

  async findIncidentPage(
    filter: IncidentFilter,
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ rows: AlertIncidentRow[]; total: number }> {
    let query = this.db.selectFrom('alert_incidents');
    if (filter.kind) query = query.where('alert_incidents.kind', '=', filter.kind);
    if (filter.kinds) query = query.where('alert_incidents.kind', 'in', filter.kinds);
    if (filter.state === 'resolved') query = query.where('resolved_at', 'is not', null);
    if (filter.state === 'open') {
      query = query.where('resolved_at', 'is', null).where('acknowledged_at', 'is', null);
    }
    if (filter.state === 'acknowledged') {
      query = query.where('resolved_at', 'is', null).where('acknowledged_at', 'is not', null);
    }
    const ids = query.select('alert_incidents.id');
    const [rows, count] = await Promise.all([
      this.incidents()
        .where('alert_incidents.id', 'in', ids)
        .orderBy('alert_incidents.opened_at', 'desc')
        .orderBy('alert_incidents.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  findIncident(id: string): Promise<AlertIncidentRow | undefined> {
    return this.incidents().where('alert_incidents.id', '=', id).executeTakeFirst();
  }

  /** The unresolved incidents of these rules (a pass reads them all at once). */
  openIncidentsOf(ruleIds: readonly string[]): Promise<AlertIncidentRow[]> {
    if (ruleIds.length === 0) return Promise.resolve([]);
    return this.incidents()
      .where('alert_incidents.rule_id', 'in', ruleIds)
      .where('alert_incidents.resolved_at', 'is', null)
      .execute();
  }

  /** When this rule last told anyone of this subject (its latest incident's last notice). */
  async lastNotifiedAt(ruleId: string, subjectKey: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('alert_incidents')
      .select('last_notified_at')
      .where('rule_id', '=', ruleId)
      .where('subject_key', '=', subjectKey)
      .where('last_notified_at', 'is not', null)
      .orderBy('opened_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.last_notified_at ?? null;
  }

  /** When the rule last opened an incident of each of these subjects. */
  async lastOpenedAt(ruleId: string, subjectKeys: readonly string[]): Promise<Map<string, string>> {
    if (subjectKeys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('alert_incidents')
      .select(['subject_key', (eb) => eb.fn.max('opened_at').as('at')])
      .where('rule_id', '=', ruleId)
      .where('subject_key', 'in', subjectKeys)
      .groupBy('subject_key')
      .execute();
    return new Map(rows.map((row) => [row.subject_key, String(row.at)]));
  }

  /** Opens it unless the rule has an unresolved incident of the subject: true when opened. */
  async openIncident(row: NewIncident): Promise<boolean> {
    const result = await this.db
      .insertInto('alert_incidents')
      .values({
        ...row,
        acknowledged_at: null,
        acknowledged_by: null,
        resolved_at: null,
        last_notified_at: null,
      })
      .onConflict((conflict) =>
        conflict.columns(['rule_id', 'subject_key']).where('resolved_at', 'is', null).doNothing(),
      )
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async updateIncident(
    id: string,
    changes: Partial<Pick<AlertIncidentRow, 'count' | 'summary' | 'data' | 'last_notified_at'>>,
  ): Promise<void> {
    await this.db.updateTable('alert_incidents').set(changes).where('id', '=', id).execute();
  }

  /** True when it was still open. */
  async resolveIncident(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_incidents')
      .set({ resolved_at: at })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** True when it was open and not acknowledged yet. */
  async acknowledgeIncident(id: string, by: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_incidents')
      .set({ acknowledged_at: at, acknowledged_by: by })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .where('acknowledged_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async addEvent(event: {
    id: string;
    incident_id: string;
    at: string;
    type: string;
    actor_id: string | null;
    detail: string | null;
  }): Promise<void> {
    await this.db.insertInto('alert_incident_events').values(event).execute();
  }

  events(incidentId: string) {
    return this.db
      .selectFrom('alert_incident_events')
      .leftJoin('users', 'users.id', 'alert_incident_events.actor_id')
      .select([
        'alert_incident_events.type',
        'alert_incident_events.at',
        'alert_incident_events.actor_id',
        'alert_incident_events.detail',
        'users.full_name as actor_name',
      ])
      .where('alert_incident_events.incident_id', '=', incidentId)
      .orderBy('alert_incident_events.at')
      .orderBy('alert_incident_events.id')
      .execute();
  }

  // ---- pending conditions ---------------------------------------------------------------------

  pending(ruleId: string) {
    return this.db
      .selectFrom('alert_pending')
      .select(['subject_key', 'since'])
      .where('rule_id', '=', ruleId)
      .execute();
  }

  async addPending(ruleId: string, subjectKey: string, since: string): Promise<void> {
    await this.db
      .insertInto('alert_pending')
      .values({ rule_id: ruleId, subject_key: subjectKey, since })
      .onConflict((conflict) => conflict.columns(['rule_id', 'subject_key']).doNothing())
      .execute();
  }

  async clearPending(ruleId: string, subjectKey: string): Promise<void> {
    await this.db
      .deleteFrom('alert_pending')
      .where('rule_id', '=', ruleId)
      .where('subject_key', '=', subjectKey)
      .execute();
  }

  // ---- maintenance windows --------------------------------------------------------------------

  private windows() {
    return this.db
      .selectFrom('maintenance_windows')
      .leftJoin('users', 'users.id', 'maintenance_windows.created_by')
      .selectAll('maintenance_windows')
      .select('users.full_name as created_by_name');
  }

  /** Windows that have not ended before `since`, soonest first. */
  listWindows(since: string): Promise<MaintenanceWindowRow[]> {
    return this.windows()
      .where('maintenance_windows.ends_at', '>', since)
      .orderBy('maintenance_windows.starts_at')
      .orderBy('maintenance_windows.id')
      .execute();
  }

  /** Windows that overlap [from, to). */
  windowsBetween(from: string, to: string) {
    return this.db
      .selectFrom('maintenance_windows')
      .select(['starts_at', 'ends_at', 'rule_ids'])
      .where('ends_at', '>', from)
      .where('starts_at', '<', to)
      .orderBy('starts_at')
      .execute();
  }

  async insertWindow(row: Selectable<MaintenanceWindowsTable>): Promise<void> {
    await this.db.insertInto('maintenance_windows').values(row).execute();
  }

  findWindow(id: string): Promise<MaintenanceWindowRow | undefined> {
    return this.windows().where('maintenance_windows.id', '=', id).executeTakeFirst();
  }

  async deleteWindow(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('maintenance_windows')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // ---- what the evaluator reads of other modules ----------------------------------------------

  /** Error groups first seen in (from, to], at most `limit`. */
  newErrorGroups(from: string, to: string, limit: number) {
    return this.db
      .selectFrom('error_groups')
      .select(['id', 'title', 'type', 'source', 'occurrences', 'status', 'first_seen_at as at'])
      .where('first_seen_at', '>', from)
      .where('first_seen_at', '<=', to)
      .orderBy('first_seen_at')
      .limit(limit)
      .execute();
  }

  /** Error groups that regressed in (from, to]. */
  regressedErrorGroups(from: string, to: string, limit: number) {
    return this.db
      .selectFrom('error_groups')
      .select(['id', 'title', 'type', 'source', 'occurrences', 'status', 'regressed_at as at'])
      .where('regressed_at', '>', from)
      .where('regressed_at', '<=', to)
      .orderBy('regressed_at')
      .limit(limit)
      .execute();
  }

  errorGroups(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('error_groups')
      .select(['id', 'title', 'type', 'source', 'occurrences', 'status'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Occurrences since `since`, counted up to `cap` index entries at most. */
  async occurrencesSince(since: string, cap: number): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('error_occurrences')
          .select(sql`1`.as('one'))
          .where('at', '>', since)
          .limit(cap)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Audit events of `action` since `since`, through the (action, at) index, up to `cap`. */
  async auditEventsSince(action: string, since: string, cap: number): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('audit_events')
          .select(sql`1`.as('one'))
          .where('action', '=', action)
          .where('at', '>', since)
          .limit(cap)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Mail given up in (from, to]. */
  async mailsGivenUp(from: string, to: string): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('failed_at', '>', from)
      .where('failed_at', '<=', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Active projects (one when asked), with their budget and actual as the budgeting module keeps them. */
  async projects(projectId: string | undefined) {
    let query = this.db
      .selectFrom('projects')
      .select([
        'id',
        'code',
        'name',
        'currency',
        'budget_minor',
        'actual_minor',
        'start_date',
        'end_date',
      ])
      .where('status', '=', 'active');
    if (projectId) query = query.where('id', '=', projectId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      currency: row.currency,
      budgetMinor: Number(row.budget_minor),
      actualMinor: Number(row.actual_minor),
      startDate: row.start_date,
      endDate: row.end_date,
    }));
  }

  async projectExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return Boolean(row);
  }
}
