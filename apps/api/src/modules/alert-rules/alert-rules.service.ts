import {
  ALERT_MESSAGES as M,
  alertRuleBodySchema,
  API_MESSAGES,
  BUDGET_ALERT_KINDS,
  isBudgetAlertKind,
  type AlertRule,
  type AlertRuleBody,
  type AlertRulePatch,
  type IncidentDetail,
  type Incident,
  type ListIncidentsQuery,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
  type Paginated,
} from '@staff-admin/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { pageOffset, paginationMeta } from '../../lib/pagination.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { AlertDelivery } from '../alert-channels/index.js';
import type { AuditRepository } from '../audit/index.js';
import { bodyOf, settingsOf, toIncident, toRule, toWindow } from './alert-rules.mapping.js';
import type { AlertRulesRepository } from './alert-rules.repository.js';

/** Who calls: admins manage every rule, finance only the budget kinds. */
export type AlertActor = Pick<AuthContext, 'userId' | 'position'>;

interface AlertRulesTransaction {
  alertRules: AlertRulesRepository;
  audit: AuditRepository;
}

export interface AlertRulesServiceDeps {
  repository: AlertRulesRepository;
  unitOfWork: UnitOfWork<AlertRulesTransaction>;
  delivery: AlertDelivery;
  clock: Clock;
}

const isAdmin = (actor: AlertActor) => actor.position === 'admin';

/** The kinds an actor may see and manage: undefined for all. */
const kindsFor = (actor: AlertActor): readonly string[] | undefined =>
  isAdmin(actor) ? undefined : BUDGET_ALERT_KINDS;

function zodErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'kind';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Events of one moment in the order they happen: opened, told, acknowledged, resolved, told so. */
const RANK: Record<string, number> = {
  opened: 0,
  muted: 1,
  notified: 2,
  acknowledged: 3,
  resolved: 4,
};
const rank = (event: { type: string; detail: string | null }) =>
  event.type === 'notified' && event.detail?.includes('.resolved') ? 5 : (RANK[event.type] ?? 6);
const byTime = (
  a: { at: string; type: string; detail: string | null },
  b: { at: string; type: string; detail: string | null },
) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b);

/** Monitoring › Alerts: the rules, their incidents and the maintenance windows. */
export class AlertRulesService {
  constructor(private readonly deps: AlertRulesServiceDeps) {}

  private now(): string {
    return toIso(this.deps.clock.now());
  }

  private mayManage(actor: AlertActor, kind: string): void {
    if (!isAdmin(actor) && !isBudgetAlertKind(kind)) throw forbidden();
  }

  /** 400 unless every channel exists and the actor may use it; a budget project must exist. */
  private async check(actor: AlertActor, body: AlertRuleBody): Promise<void> {
    const refused = await this.deps.delivery.unusable(body.channelIds, { role: actor.position });
    if (refused.length > 0) {
      throw invalid(API_MESSAGES.validationFailed, { channelIds: M.channelsRefused });
    }
    if ('projectId' in body && body.projectId) {
      if (!(await this.deps.repository.projectExists(body.projectId))) {
        throw invalid(API_MESSAGES.validationFailed, { projectId: M.projectInvalid });
      }
    }
  }

  async list(actor: AlertActor): Promise<AlertRule[]> {
    return (await this.deps.repository.listRules(kindsFor(actor))).map(toRule);
  }

  private async find(actor: AlertActor, id: string): Promise<AlertRule> {
    const row = isUuid(id) ? await this.deps.repository.findRule(id.toLowerCase()) : undefined;
    // Finance is told "no such rule" of the others' rules, as of ones that do not exist.
    if (!row || (!isAdmin(actor) && !isBudgetAlertKind(row.kind))) throw notFound(M.ruleNotFound);
    return toRule(row);
  }

  async create(actor: AlertActor, body: AlertRuleBody, origin: RequestOrigin): Promise<AlertRule> {
    this.mayManage(actor, body.kind);
    await this.check(actor, body);
    const now = this.now();
    const id = newId();
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.alertRules.insertRule({
        id,
        kind: body.kind,
        name: body.name,
        channel_ids: JSON.stringify(body.channelIds),
        enabled: body.enabled ? 1 : 0,
        cooldown_minutes: body.cooldownMinutes,
        repeat_every_minutes: body.repeatEveryMinutes,
        settings: JSON.stringify(settingsOf(body)),
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
        // Watched from now on: what happened before the rule existed does not fire it.
        evaluated_until: now,
      });
      await repos.audit.record({
        action: 'alert_rule.created',
        actorId: actor.userId,
        targetId: id,
        origin,
        details: { kind: body.kind, name: body.name },
      });
    });
    return this.find(actor, id);
  }

  async update(
    actor: AlertActor,
    id: string,
    patch: AlertRulePatch,
    origin: RequestOrigin,
  ): Promise<AlertRule> {
    const rule = await this.find(actor, id);
    this.mayManage(actor, rule.kind);
    if (patch.kind !== undefined && patch.kind !== rule.kind) {
      throw invalid(API_MESSAGES.validationFailed, { kind: M.kindFixed });
    }
    const merged = { ...bodyOf(rule), ...patch, kind: rule.kind };
    const parsed = alertRuleBodySchema.safeParse(merged);
    if (!parsed.success) {
      throw invalid(API_MESSAGES.validationFailed, zodErrors(parsed.error.issues));
    }
    const body = parsed.data;
    await this.check(actor, body);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.alertRules.updateRule(rule.id, {
        name: body.name,
        channel_ids: JSON.stringify(body.channelIds),
        enabled: body.enabled ? 1 : 0,
        cooldown_minutes: body.cooldownMinutes,
        repeat_every_minutes: body.repeatEveryMinutes,
        settings: JSON.stringify(settingsOf(body)),
        updated_at: this.now(),
      });
      await repos.audit.record({
        action: 'alert_rule.updated',
        actorId: actor.userId,
        targetId: rule.id,
        origin,
        details: { kind: rule.kind, fields: Object.keys(patch) },
      });
    });
    return this.find(actor, rule.id);
  }

  /** The rule goes, with its incidents (disable it to keep them). */
  async remove(actor: AlertActor, id: string, origin: RequestOrigin): Promise<void> {
    const rule = await this.find(actor, id);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      if (!(await repos.alertRules.deleteRule(rule.id))) throw notFound(M.ruleNotFound);
      await repos.audit.record({
        action: 'alert_rule.deleted',
        actorId: actor.userId,
        targetId: rule.id,
        origin,
        details: { kind: rule.kind, name: rule.name },
      });
    });
  }

  // ---- incidents ------------------------------------------------------------------------------

  async incidents(actor: AlertActor, query: ListIncidentsQuery): Promise<Paginated<Incident>> {
    const { rows, total } = await this.deps.repository.findIncidentPage(
      { state: query.state, kind: query.kind, kinds: kindsFor(actor) },
      { offset: pageOffset(query.page, query.limitPerPage), limit: query.limitPerPage },
    );
    return {
      data: rows.map(toIncident),
      meta: paginationMeta(query.page, query.limitPerPage, total),
    };
  }

  async incident(actor: AlertActor, id: string): Promise<IncidentDetail> {
    const row = isUuid(id) ? await this.deps.repository.findIncident(id.toLowerCase()) : undefined;
    if (!row || (!isAdmin(actor) && !isBudgetAlertKind(row.kind))) {
      throw notFound(M.incidentNotFound);
    }
    const events = await this.deps.repository.events(row.id);
    return {
      ...toIncident(row),
      data: JSON.parse(row.data) as Record<string, unknown>,
      timeline: events.sort(byTime).map((event) => ({
        type: event.type as IncidentDetail['timeline'][number]['type'],
        at: event.at,
        by: event.actor_id ? { id: event.actor_id, fullName: event.actor_name } : null,
        detail: event.detail,
      })),
    };
  }

  /** Stops repeats; a mail-given-up incident is resolved by it (at the next evaluation). */
  async acknowledge(actor: AlertActor, id: string, origin: RequestOrigin): Promise<IncidentDetail> {
    const incident = await this.incident(actor, id);
    if (incident.state === 'resolved') throw conflict(M.alreadyResolved);
    const now = this.now();
    await this.deps.unitOfWork.run(async ({ repos }) => {
      // Acknowledged twice (two admins at once): the first one counts, the second changes nothing.
      if (!(await repos.alertRules.acknowledgeIncident(incident.id, actor.userId, now))) return;
      await repos.alertRules.addEvent({
        id: newId(),
        incident_id: incident.id,
        at: now,
        type: 'acknowledged',
        actor_id: actor.userId,
        detail: null,
      });
      await repos.audit.record({
        action: 'incident.acknowledged',
        actorId: actor.userId,
        targetId: incident.id,
        origin,
        details: { kind: incident.rule.kind, rule: incident.rule.name },
      });
    });
    return this.incident(actor, incident.id);
  }

  // ---- maintenance windows --------------------------------------------------------------------

  /** Windows not over yet (and those that ended in the last day), soonest first. */
  async windows(): Promise<MaintenanceWindow[]> {
    const since = toIso(this.deps.clock.now() - 24 * 60 * 60 * 1000);
    return (await this.deps.repository.listWindows(since)).map(toWindow);
  }

  async addWindow(
    actor: AlertActor,
    body: MaintenanceWindowBody,
    origin: RequestOrigin,
  ): Promise<MaintenanceWindow> {
    const id = newId();
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.alertRules.insertWindow({
        id,
        starts_at: toIso(Date.parse(body.startsAt)),
        ends_at: toIso(Date.parse(body.endsAt)),
        reason: body.reason,
        rule_ids: JSON.stringify(body.ruleIds),
        created_by: actor.userId,
        created_at: this.now(),
      });
      await repos.audit.record({
        action: 'maintenance_window.created',
        actorId: actor.userId,
        targetId: id,
        origin,
        details: { startsAt: body.startsAt, endsAt: body.endsAt, rules: body.ruleIds.length },
      });
    });
    const row = await this.deps.repository.findWindow(id);
    return toWindow(row!);
  }

  async removeWindow(actor: AlertActor, id: string, origin: RequestOrigin): Promise<void> {
    if (!isUuid(id)) throw notFound(M.windowNotFound);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      if (!(await repos.alertRules.deleteWindow(id.toLowerCase()))) {
        throw notFound(M.windowNotFound);
      }
      await repos.audit.record({
        action: 'maintenance_window.deleted',
        actorId: actor.userId,
        targetId: id.toLowerCase(),
        origin,
      });
    });
  }
}
