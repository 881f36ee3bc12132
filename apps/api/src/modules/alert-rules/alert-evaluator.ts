import { randomUUID } from 'node:crypto';
import {
  ALERT_HEALTH_CHECK_LABELS,
  percentUsed,
  type AlertHealthCheck,
  type AlertRule,
  type OverviewCheck,
} from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobLeaseRepository } from '../../db/job-leases.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { AlertDelivery, AlertNotice } from '../alert-channels/index.js';
import { forecastMinor } from '../budgeting/index.js';
import { incidentPath, subjectOf, toRule } from './alert-rules.mapping.js';
import type { AlertIncidentRow, AlertRulesRepository } from './alert-rules.repository.js';

export const ALERTS_JOB = 'alerts';
/** A pass holds the lease this long at most; a process that dies mid-pass frees it after this. */
const LEASE_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Event kinds read at most this far back (after a long stop, older events are not told). */
const WINDOW_MAX_MS = 24 * 60 * MINUTE_MS;
/** New groups or regressions opened per rule and pass at most (the rest wait for the next pass). */
const EVENTS_PER_PASS = 100;
/**
 * Error groups are read again this far before the last pass: a group written at the pass's time
 * but committed after it read is not missed. A group already told of since it happened is skipped.
 */
const OVERLAP_MS = 2 * MINUTE_MS;
/** A spike's figure is counted up to this many index entries. */
const COUNT_CAP = 100_000;

/** What one rule sees of one subject in this pass. */
interface Observation {
  key: string;
  summary: string;
  data: Record<string, unknown>;
  /** `set`: the figure now (a spike's count); `add`: new events to add to the incident's count. */
  count: number;
  mode: 'set' | 'add';
}

export interface EvaluationReport {
  /** False when another process held the lease (it is evaluating). */
  ran: boolean;
  opened: number;
  resolved: number;
  notices: number;
}

export interface AlertEvaluatorDeps {
  repository: AlertRulesRepository;
  leases: JobLeaseRepository;
  delivery: AlertDelivery;
  /** The Overview's health checks, as they are now. */
  checks: () => Promise<Omit<OverviewCheck, 'availability'>[]>;
  appUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** What a pass reads once for all its rules. */
interface PassContext {
  now: number;
  nowIso: string;
  /** Rules muted by a maintenance window now: all (`'all'`) or by id. */
  muted: 'all' | Set<string>;
  checks: Promise<Omit<OverviewCheck, 'availability'>[]> | undefined;
  report: EvaluationReport;
}

const EVENT_KINDS = new Set(['new_error_group', 'error_regression', 'mail_given_up']);

/**
 * One pass over the enabled rules (docs/alerts.md › Rules, incidents and noise control): each
 * rule's condition from the tables the other modules keep, an incident opened when it starts,
 * repeats grouped into it, a reminder every N minutes until acknowledged when the rule asks, and
 * the incident resolved when the condition clears. A pass needs the job's lease, so that however
 * many processes run it, one evaluates at a time; the open-incident key makes opening idempotent.
 */
export class AlertEvaluator {
  private readonly holder = randomUUID();
  /** The pass this process is making, if any: a second caller waits for it, then makes its own. */
  private current: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: AlertEvaluatorDeps) {}

  /**
   * One pass. Passes of one process run one after another (the periodic job's and a caller's),
   * so only another process's pass can hold the lease: then this one does not run (`ran: false`).
   */
  evaluate(): Promise<EvaluationReport> {
    const pass = this.current.then(() => this.evaluateOnce());
    this.current = pass.catch(() => undefined);
    return pass;
  }

  private async evaluateOnce(): Promise<EvaluationReport> {
    const { leases, clock, repository } = this.deps;
    const now = clock.now();
    const nowIso = toIso(now);
    const report: EvaluationReport = { ran: false, opened: 0, resolved: 0, notices: 0 };
    if (!(await leases.acquire(ALERTS_JOB, this.holder, nowIso, toIso(now + LEASE_MS)))) {
      return report;
    }
    report.ran = true;
    try {
      const rules = (await repository.enabledRules()).map((row) => ({
        rule: toRule(row),
        evaluatedUntil: row.evaluated_until,
      }));
      if (rules.length === 0) return report;
      const windows = await repository.windowsBetween(nowIso, toIso(now + 1));
      const muted = new Set<string>();
      let all = false;
      for (const window of windows) {
        const ids = JSON.parse(window.rule_ids) as string[];
        if (ids.length === 0) all = true;
        for (const id of ids) muted.add(id);
      }
      const pass: PassContext = {
        now,
        nowIso,
        muted: all ? 'all' : muted,
        checks: rules.some(({ rule }) => rule.kind === 'health_check_failing')
          ? this.deps.checks()
          : undefined,
        report,
      };
      const open = new Map<string, AlertIncidentRow[]>();
      for (const incident of await repository.openIncidentsOf(rules.map(({ rule }) => rule.id))) {
        open.set(incident.rule_id, [...(open.get(incident.rule_id) ?? []), incident]);
      }
      const evaluated: string[] = [];
      for (const { rule, evaluatedUntil } of rules) {
        try {
          await this.evaluateRule(rule, evaluatedUntil, open.get(rule.id) ?? [], pass);
          evaluated.push(rule.id);
        } catch (error) {
          this.deps.log.error({ err: error, rule: rule.id }, 'alert rule evaluation failed');
        }
      }
      // A rule that failed reads its window again next time.
      await repository.setEvaluatedUntil(evaluated, nowIso);
      return report;
    } finally {
      await leases.release(ALERTS_JOB, this.holder, toIso(clock.now()));
    }
  }

  private isMuted(rule: AlertRule, pass: PassContext): boolean {
    return pass.muted === 'all' || pass.muted.has(rule.id);
  }

  private async evaluateRule(
    rule: AlertRule,
    evaluatedUntil: string | null,
    open: AlertIncidentRow[],
    pass: PassContext,
  ): Promise<void> {
    const from = toIso(
      Math.max(Date.parse(evaluatedUntil ?? rule.createdAt), pass.now - WINDOW_MAX_MS),
    );
    const observations = await this.observe(rule, from, pass, open);
    const firing = new Map(observations.map((observation) => [observation.key, observation]));
    const muted = this.isMuted(rule, pass);
    const openByKey = new Map(open.map((incident) => [incident.subject_key, incident]));

    // Conditions that hold: a new incident, or grouped into the open one.
    for (const observation of observations) {
      const incident = openByKey.get(observation.key);
      if (incident) await this.group(rule, incident, observation, muted, pass);
      else await this.open(rule, observation, muted, pass);
    }

    // Open incidents whose condition cleared are resolved; the rest may be told again.
    const active = await this.stillActive(rule, open, firing);
    for (const incident of open) {
      if (!active.has(incident.id)) {
        await this.resolve(rule, incident, muted, pass);
        continue;
      }
      if (incident.acknowledged_at || muted) continue;
      const last = incident.last_notified_at;
      const repeatDue =
        rule.repeatEveryMinutes !== null &&
        last !== null &&
        pass.now - Date.parse(last) >= rule.repeatEveryMinutes * MINUTE_MS;
      // Never told (a maintenance window muted it) and still open, or a reminder due.
      if (last === null || repeatDue) {
        await this.notify(rule, incident.id, 'fired', pass, {
          summary: incident.summary,
          data: JSON.parse(incident.data) as Record<string, unknown>,
          count: incident.count,
          detail: last === null ? 'fired' : 'repeat',
        });
      }
    }
  }

  private async open(
    rule: AlertRule,
    observation: Observation,
    muted: boolean,
    pass: PassContext,
  ): Promise<void> {
    const { repository } = this.deps;
    const id = newId();
    const lastTold = await repository.lastNotifiedAt(rule.id, observation.key);
    const opened = await repository.openIncident({
      id,
      rule_id: rule.id,
      kind: rule.kind,
      subject_key: observation.key,
      summary: observation.summary,
      data: JSON.stringify(observation.data),
      count: Math.max(observation.count, 1),
      opened_at: pass.nowIso,
    });
    if (!opened) return;
    pass.report.opened += 1;
    await this.event(id, pass.nowIso, 'opened', observation.summary);
    if (muted) {
      await this.event(id, pass.nowIso, 'muted', 'maintenance window');
      return;
    }
    // Within the cooldown of the last notice about this subject (it flaps): recorded, not told.
    if (lastTold && pass.now - Date.parse(lastTold) < rule.cooldownMinutes * MINUTE_MS) {
      await repository.updateIncident(id, { last_notified_at: lastTold });
      await this.event(id, pass.nowIso, 'muted', 'cooldown');
      return;
    }
    await this.notify(rule, id, 'fired', pass, {
      summary: observation.summary,
      data: observation.data,
      count: Math.max(observation.count, 1),
      detail: 'fired',
    });
  }

  /** Repeats of the subject go into its open incident: the count grows, told again only after the cooldown. */
  private async group(
    rule: AlertRule,
    incident: AlertIncidentRow,
    observation: Observation,
    muted: boolean,
    pass: PassContext,
  ): Promise<void> {
    const count =
      observation.mode === 'add' ? incident.count + observation.count : observation.count;
    const summary = observation.summary;
    await this.deps.repository.updateIncident(incident.id, {
      count,
      summary,
      data: JSON.stringify(observation.data),
    });
    incident.count = count;
    incident.summary = summary;
    incident.data = JSON.stringify(observation.data);
    const last = incident.last_notified_at;
    const cooled = last !== null && pass.now - Date.parse(last) >= rule.cooldownMinutes * MINUTE_MS;
    if (observation.mode === 'add' && observation.count > 0 && cooled && !muted) {
      if (!incident.acknowledged_at) {
        await this.notify(rule, incident.id, 'fired', pass, {
          summary,
          data: observation.data,
          count,
          detail: 'grouped',
        });
        incident.last_notified_at = pass.nowIso;
      }
    }
  }

  private async resolve(
    rule: AlertRule,
    incident: AlertIncidentRow,
    muted: boolean,
    pass: PassContext,
  ): Promise<void> {
    if (!(await this.deps.repository.resolveIncident(incident.id, pass.nowIso))) return;
    pass.report.resolved += 1;
    await this.event(incident.id, pass.nowIso, 'resolved', null);
    // Told of its end only if it was told of its start, and not during maintenance.
    if (incident.last_notified_at === null || muted) return;
    await this.notify(rule, incident.id, 'resolved', pass, {
      summary: `Resolved: ${incident.summary}`,
      data: JSON.parse(incident.data) as Record<string, unknown>,
      count: incident.count,
      detail: 'resolved',
    });
  }

  private async notify(
    rule: AlertRule,
    incidentId: string,
    phase: 'fired' | 'resolved',
    pass: PassContext,
    notice: { summary: string; data: Record<string, unknown>; count: number; detail: string },
  ): Promise<void> {
    const type = `${rule.kind}.${phase}`;
    const body: AlertNotice = {
      type,
      incidentId,
      rule: { id: rule.id, name: rule.name },
      occurredAt: pass.nowIso,
      summary: notice.summary,
      link: `${this.deps.appUrl}${incidentPath(incidentId)}`,
      data: {
        ...notice.data,
        count: notice.count,
        subject: subjectOf(rule.kind, String(notice.data.subjectKey ?? ''), notice.data),
      },
    };
    if (phase === 'fired') {
      await this.deps.repository.updateIncident(incidentId, { last_notified_at: pass.nowIso });
    }
    await this.event(incidentId, pass.nowIso, 'notified', `${type} (${notice.detail})`);
    pass.report.notices += 1;
    try {
      await this.deps.delivery.deliver(rule.channelIds, body);
    } catch (error) {
      this.deps.log.error({ err: error, incident: incidentId }, 'alert notice not queued');
    }
  }

  private event(incidentId: string, at: string, type: string, detail: string | null) {
    return this.deps.repository.addEvent({
      id: newId(),
      incident_id: incidentId,
      at,
      type,
      actor_id: null,
      detail,
    });
  }

  /** Which open incidents' conditions still hold. */
  private async stillActive(
    rule: AlertRule,
    open: AlertIncidentRow[],
    firing: Map<string, Observation>,
  ): Promise<Set<string>> {
    if (!EVENT_KINDS.has(rule.kind)) {
      return new Set(open.filter((i) => firing.has(i.subject_key)).map((i) => i.id));
    }
    if (rule.kind === 'mail_given_up') {
      // Given-up mail is told once; acknowledging the incident is its end.
      return new Set(open.filter((i) => !i.acknowledged_at).map((i) => i.id));
    }
    // An error group's incident lasts while the group is unresolved.
    const groups = await this.deps.repository.errorGroups(open.map((i) => i.subject_key));
    const unresolved = new Set(groups.filter((g) => g.status === 'unresolved').map((g) => g.id));
    return new Set(open.filter((i) => unresolved.has(i.subject_key)).map((i) => i.id));
  }

  /** The rule's condition now, by subject. */
  private async observe(
    rule: AlertRule,
    from: string,
    pass: PassContext,
    open: AlertIncidentRow[],
  ): Promise<Observation[]> {
    const { repository } = this.deps;
    switch (rule.kind) {
      case 'new_error_group': {
        const groups = await this.untold(
          rule,
          await repository.newErrorGroups(overlap(from), pass.nowIso, EVENTS_PER_PASS),
        );
        // Open incidents follow their group's occurrences (a burst is one incident with its count).
        const known = await repository.errorGroups(open.map((i) => i.subject_key));
        return [...groups, ...known]
          .filter((group) => group.status === 'unresolved')
          .map((group) => ({
            key: group.id,
            summary: `New error group: ${group.title}`,
            data: errorGroupData(group),
            count: group.occurrences,
            mode: 'set' as const,
          }));
      }
      case 'error_regression': {
        const groups = await this.untold(
          rule,
          await repository.regressedErrorGroups(overlap(from), pass.nowIso, EVENTS_PER_PASS),
        );
        return groups
          .filter((group) => group.status === 'unresolved')
          .map((group) => ({
            key: group.id,
            summary: `Error group came back after it was resolved: ${group.title}`,
            data: errorGroupData(group),
            count: 1,
            mode: 'add' as const,
          }));
      }
      case 'error_spike': {
        const { occurrences, minutes } = rule;
        const since = toIso(pass.now - minutes * MINUTE_MS);
        const count = await repository.occurrencesSince(since, cap(occurrences));
        if (count < occurrences) return [];
        return [
          {
            key: 'errors',
            summary: `${count} error occurrences in the last ${minutes} minutes (the rule's limit is ${occurrences})`,
            data: { subjectKey: 'errors', label: 'Errors', occurrences: count, minutes },
            count,
            mode: 'set',
          },
        ];
      }
      case 'lockout_spike': {
        const { lockouts, minutes } = rule;
        const since = toIso(pass.now - minutes * MINUTE_MS);
        const count = await repository.auditEventsSince('auth.locked_out', since, cap(lockouts));
        if (count < lockouts) return [];
        return [
          {
            key: 'lockouts',
            summary: `${count} sign-in lockouts in the last ${minutes} minutes (the rule's limit is ${lockouts})`,
            data: { subjectKey: 'lockouts', label: 'Sign-in lockouts', lockouts: count, minutes },
            count,
            mode: 'set',
          },
        ];
      }
      case 'mail_given_up': {
        const count = await repository.mailsGivenUp(from, pass.nowIso);
        // Nothing new: an open incident stays open until acknowledged.
        if (count === 0) return [];
        return [
          {
            key: 'outbox',
            summary: `${count} mail${count === 1 ? ' was' : 's were'} given up`,
            data: { subjectKey: 'outbox', label: 'Mail outbox', givenUp: count },
            count,
            mode: 'add',
          },
        ];
      }
      case 'health_check_failing':
        return this.observeCheck(rule, pass);
      case 'budget_threshold': {
        const projects = await repository.projects(rule.projectId);
        return projects.flatMap((project) =>
          rule.percents
            .filter((percent) =>
              project.budgetMinor > 0
                ? project.actualMinor * 100 >= percent * project.budgetMinor
                : project.actualMinor > 0,
            )
            .map((percent) => ({
              key: `${project.id}:${percent}`,
              summary: `${project.code} ${project.name} has used ${percentUsed(project.actualMinor, project.budgetMinor) ?? '–'}% of its budget (threshold ${percent}%)`,
              data: { ...projectData(project), threshold: percent },
              count: 1,
              mode: 'set' as const,
            })),
        );
      }
      case 'budget_forecast_over': {
        const today = pass.nowIso.slice(0, 10);
        const projects = await repository.projects(rule.projectId);
        return projects.flatMap((project) => {
          const forecast = forecastMinor(project, today);
          if (forecast === null || forecast <= project.budgetMinor) return [];
          return [
            {
              key: project.id,
              summary: `${project.code} ${project.name} is forecast to end over its budget`,
              data: { ...projectData(project), forecastMinor: forecast },
              count: 1,
              mode: 'set' as const,
            },
          ];
        });
      }
    }
  }

  /** Groups whose event (`at`) no incident of this rule has been opened for since. */
  private async untold<T extends { id: string; at: string | null }>(
    rule: AlertRule,
    groups: T[],
  ): Promise<T[]> {
    const opened = await this.deps.repository.lastOpenedAt(
      rule.id,
      groups.map((group) => group.id),
    );
    return groups.filter((group) => {
      const last = opened.get(group.id);
      return !last || (group.at !== null && Date.parse(last) < Date.parse(group.at));
    });
  }

  /** A check that has not passed for the rule's minutes (the first failure is remembered). */
  private async observeCheck(
    rule: Extract<AlertRule, { kind: 'health_check_failing' }>,
    pass: PassContext,
  ): Promise<Observation[]> {
    const { repository } = this.deps;
    const checks = (await pass.checks) ?? [];
    const check = checks.find((candidate) => candidate.name === rule.check);
    if (!check || check.status === 'pass') {
      await repository.clearPending(rule.id, rule.check);
      return [];
    }
    await repository.addPending(rule.id, rule.check, pass.nowIso);
    const pending = await repository.pending(rule.id);
    const since = pending.find((row) => row.subject_key === rule.check)?.since ?? pass.nowIso;
    if (pass.now - Date.parse(since) < rule.minutes * MINUTE_MS) return [];
    const label = ALERT_HEALTH_CHECK_LABELS[rule.check as AlertHealthCheck];
    return [
      {
        key: rule.check,
        summary: `${label} has not passed for ${rule.minutes} minutes: ${check.output}`,
        data: {
          subjectKey: rule.check,
          label,
          check: rule.check,
          status: check.status,
          output: check.output,
          failingSince: since,
        },
        count: 1,
        mode: 'set',
      },
    ];
  }
}

const overlap = (from: string) => toIso(Date.parse(from) - OVERLAP_MS);
const cap = (threshold: number) => Math.min(Math.max(threshold * 10, threshold + 1), COUNT_CAP);

function errorGroupData(group: {
  id: string;
  title: string;
  type: string;
  source: string;
  occurrences: number;
}) {
  return {
    subjectKey: group.id,
    label: group.title,
    errorGroup: {
      id: group.id,
      title: group.title,
      type: group.type,
      source: group.source,
      occurrences: group.occurrences,
    },
  };
}

function projectData(project: {
  id: string;
  code: string;
  name: string;
  currency: string;
  budgetMinor: number;
  actualMinor: number;
}) {
  return {
    subjectKey: project.id,
    label: `${project.code} ${project.name}`,
    project: {
      id: project.id,
      code: project.code,
      name: project.name,
      currency: project.currency,
      budgetMinor: project.budgetMinor,
      actualMinor: project.actualMinor,
      percentUsed: percentUsed(project.actualMinor, project.budgetMinor),
    },
  };
}
