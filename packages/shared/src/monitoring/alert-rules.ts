/**
 * Monitoring › Alerts: rules, incidents and maintenance windows (issue 37). The kinds, their
 * settings as one discriminated union (site and server validate with it), the answers' types and
 * the texts people read.
 */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../common/constants.js';
import { pageNumberSchema } from '../common/schemas.js';
import { hasControlCharacters } from '../common/text.js';
import { OVERVIEW_CHECK_LABELS, type OverviewCheckName } from './constants.js';

export const ALERT_RULE_KINDS = [
  'new_error_group',
  'error_regression',
  'error_spike',
  'health_check_failing',
  'mail_given_up',
  'lockout_spike',
  'budget_threshold',
  'budget_forecast_over',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** The kinds finance may manage and see (their incidents too); every other kind is admin only. */
export const BUDGET_ALERT_KINDS = [
  'budget_threshold',
  'budget_forecast_over',
] as const satisfies readonly AlertRuleKind[];
export const isBudgetAlertKind = (kind: string): boolean =>
  (BUDGET_ALERT_KINDS as readonly string[]).includes(kind);

export const ALERT_RULE_KIND_LABELS: Record<AlertRuleKind, string> = {
  new_error_group: 'New error group',
  error_regression: 'Error regression',
  error_spike: 'Error spike',
  health_check_failing: 'Health check failing',
  mail_given_up: 'Mail given up',
  lockout_spike: 'Lockout spike',
  budget_threshold: 'Budget threshold',
  budget_forecast_over: 'Forecast over budget',
};

/** The Overview's checks a rule may watch (the others are figures, not services). */
export const ALERT_HEALTH_CHECKS = [
  'database',
  'redis',
  'smtp',
  'mailWorker',
  'retention',
  'identityProvider',
] as const satisfies readonly OverviewCheckName[];
export type AlertHealthCheck = (typeof ALERT_HEALTH_CHECKS)[number];
export const ALERT_HEALTH_CHECK_LABELS: Record<AlertHealthCheck, string> = {
  database: OVERVIEW_CHECK_LABELS.database,
  redis: OVERVIEW_CHECK_LABELS.redis,
  smtp: OVERVIEW_CHECK_LABELS.smtp,
  mailWorker: OVERVIEW_CHECK_LABELS.mailWorker,
  retention: OVERVIEW_CHECK_LABELS.retention,
  identityProvider: OVERVIEW_CHECK_LABELS.identityProvider,
};

export const INCIDENT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
export const INCIDENT_STATE_LABELS: Record<IncidentState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export const DEFAULT_BUDGET_PERCENTS = [80, 100] as const;
export const ALERT_COOLDOWN_DEFAULT_MINUTES = 10;
export const ALERT_MINUTES_MAX = 7 * 24 * 60;
export const ALERT_CHANNELS_MAX = 20;
export const ALERT_RULE_NAME_MAX = 100;
export const MAINTENANCE_REASON_MAX = 200;

export const ALERT_MESSAGES = {
  nameRequired: 'Please enter a name.',
  nameTooLong: `The name can be at most ${ALERT_RULE_NAME_MAX} characters.`,
  nameInvalid: 'The name cannot contain control characters.',
  kindInvalid: 'Please choose a kind of rule.',
  channelsInvalid: 'Please choose channels from the list.',
  channelsTooMany: `A rule can have at most ${ALERT_CHANNELS_MAX} channels.`,
  channelsRefused: 'These channels cannot be used by this rule.',
  minutesInvalid: `Please enter whole minutes from 1 to ${ALERT_MINUTES_MAX}.`,
  cooldownInvalid: `Please enter whole minutes from 0 to ${ALERT_MINUTES_MAX}.`,
  countInvalid: 'Please enter a whole number of at least 1.',
  checkInvalid: 'Please choose a health check.',
  percentsInvalid: 'Please enter from 1 to 10 different percentages from 1 to 1000.',
  projectInvalid: 'Please choose a project.',
  ruleNotFound: 'No such alert rule.',
  kindFixed: "A rule's kind cannot be changed; make a new rule instead.",
  incidentNotFound: 'No such incident.',
  alreadyResolved: 'This incident is already resolved.',
  windowNotFound: 'No such maintenance window.',
  windowTimesInvalid: 'Please enter a valid date and time.',
  windowEndsBeforeStart: 'The end must be after the start.',
  reasonRequired: 'Please enter a reason.',
  reasonTooLong: `The reason can be at most ${MAINTENANCE_REASON_MAX} characters.`,
  rulesInvalid: 'Please choose rules from the list.',
  filterInvalid: 'Please choose one of the offered values.',
  ruleAdded: 'The rule was added.',
  ruleSaved: 'The rule was saved.',
  ruleDeleted: 'The rule was deleted.',
  ruleOn: (name: string) => `${name} is on.`,
  ruleOff: (name: string) => `${name} is off.`,
  incidentAcknowledged: 'The incident was acknowledged.',
  windowAdded: 'The maintenance window was added.',
  windowDeleted: 'The maintenance window was deleted.',
} as const;

const M = ALERT_MESSAGES;

const minutes = z
  .number({ error: M.minutesInvalid })
  .int({ error: M.minutesInvalid })
  .min(1, { error: M.minutesInvalid })
  .max(ALERT_MINUTES_MAX, { error: M.minutesInvalid });
const count = z
  .number({ error: M.countInvalid })
  .int({ error: M.countInvalid })
  .min(1, { error: M.countInvalid })
  .max(1_000_000, { error: M.countInvalid });
const projectId = z.string({ error: M.projectInvalid }).uuid({ error: M.projectInvalid });

/** What every rule has, whatever its kind. */
const common = {
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired })
    .max(ALERT_RULE_NAME_MAX, { error: M.nameTooLong })
    .refine((name) => !hasControlCharacters(name), { error: M.nameInvalid }),
  channelIds: z
    .array(z.string().uuid({ error: M.channelsInvalid }), { error: M.channelsInvalid })
    .max(ALERT_CHANNELS_MAX, { error: M.channelsTooMany })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  enabled: z.boolean().default(true),
  cooldownMinutes: z
    .number({ error: M.cooldownInvalid })
    .int({ error: M.cooldownInvalid })
    .min(0, { error: M.cooldownInvalid })
    .max(ALERT_MINUTES_MAX, { error: M.cooldownInvalid })
    .default(ALERT_COOLDOWN_DEFAULT_MINUTES),
  /** Null: tell once; a number: tell again every so many minutes until acknowledged. */
  repeatEveryMinutes: minutes.nullable().default(null),
};

/** POST /monitoring/alert-rules: one rule, its settings by kind. */
export const alertRuleBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('new_error_group'), ...common }),
    z.strictObject({ kind: z.literal('error_regression'), ...common }),
    z.strictObject({ kind: z.literal('error_spike'), ...common, occurrences: count, minutes }),
    z.strictObject({
      kind: z.literal('health_check_failing'),
      ...common,
      check: z.enum(ALERT_HEALTH_CHECKS, { error: M.checkInvalid }),
      minutes,
    }),
    z.strictObject({ kind: z.literal('mail_given_up'), ...common }),
    z.strictObject({ kind: z.literal('lockout_spike'), ...common, lockouts: count, minutes }),
    z.strictObject({
      kind: z.literal('budget_threshold'),
      ...common,
      percents: z
        .array(
          z
            .number({ error: M.percentsInvalid })
            .int({ error: M.percentsInvalid })
            .min(1, { error: M.percentsInvalid })
            .max(1000, { error: M.percentsInvalid }),
          { error: M.percentsInvalid },
        )
        .min(1, { error: M.percentsInvalid })
        .max(10, { error: M.percentsInvalid })
        .refine((percents) => new Set(percents).size === percents.length, {
          error: M.percentsInvalid,
        })
        .transform((percents) => [...percents].sort((a, b) => a - b))
        .default([...DEFAULT_BUDGET_PERCENTS]),
      projectId: projectId.optional(),
    }),
    z.strictObject({
      kind: z.literal('budget_forecast_over'),
      ...common,
      projectId: projectId.optional(),
    }),
  ],
  { error: M.kindInvalid },
);
export type AlertRuleBody = z.infer<typeof alertRuleBodySchema>;
export type AlertRuleInput = z.input<typeof alertRuleBodySchema>;

/**
 * PATCH /monitoring/alert-rules/{id}: any of the fields; the server merges them into the rule and
 * checks the whole by the kind's schema above. The kind itself is fixed.
 */
export const alertRulePatchSchema = z.strictObject({
  kind: z.enum(ALERT_RULE_KINDS, { error: M.kindInvalid }).optional(),
  name: z.unknown().optional(),
  channelIds: z.unknown().optional(),
  enabled: z.unknown().optional(),
  cooldownMinutes: z.unknown().optional(),
  repeatEveryMinutes: z.unknown().optional(),
  occurrences: z.unknown().optional(),
  lockouts: z.unknown().optional(),
  minutes: z.unknown().optional(),
  check: z.unknown().optional(),
  percents: z.unknown().optional(),
  projectId: z.unknown().optional(),
});
export type AlertRulePatch = z.infer<typeof alertRulePatchSchema>;

/** A rule as the API answers it: the body's fields, flat, and its id and times. */
export type AlertRule = AlertRuleBody & { id: string; createdAt: string; updatedAt: string };

/** GET /monitoring/incidents. */
export const listIncidentsQuerySchema = z.object({
  state: z.enum(INCIDENT_STATES, { error: M.filterInvalid }).optional(),
  kind: z.enum(ALERT_RULE_KINDS, { error: M.filterInvalid }).optional(),
  page: pageNumberSchema.default(1),
  limitPerPage: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
});
export type ListIncidentsQuery = z.infer<typeof listIncidentsQuerySchema>;

export type IncidentSubjectType =
  'error_group' | 'health_check' | 'project' | 'errors' | 'mail' | 'lockouts';

export interface IncidentSubject {
  type: IncidentSubjectType;
  /** The error group's or project's id, the check's name; null for counts over everything. */
  id: string | null;
  label: string;
  /** The site's page for it. */
  path: string;
}

export type IncidentEventType = 'opened' | 'notified' | 'muted' | 'acknowledged' | 'resolved';

export interface IncidentEvent {
  type: IncidentEventType;
  at: string;
  by: { id: string; fullName: string | null } | null;
  detail: string | null;
}

export interface Incident {
  id: string;
  rule: { id: string; name: string; kind: AlertRuleKind };
  subjectKey: string;
  subject: IncidentSubject;
  summary: string;
  state: IncidentState;
  /** Events grouped into it (occurrences, lockouts, given-up mails, repeats). */
  count: number;
  openedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: { id: string; fullName: string | null } | null;
  resolvedAt: string | null;
  lastNotifiedAt: string | null;
  /** The site's page of this incident. */
  path: string;
}

export interface IncidentDetail extends Incident {
  data: Record<string, unknown>;
  timeline: IncidentEvent[];
}

/** POST /monitoring/maintenance-windows. */
export const maintenanceWindowBodySchema = z
  .strictObject({
    startsAt: z.iso.datetime({ offset: true, error: M.windowTimesInvalid }),
    endsAt: z.iso.datetime({ offset: true, error: M.windowTimesInvalid }),
    reason: z
      .string({ error: M.reasonRequired })
      .trim()
      .min(1, { error: M.reasonRequired })
      .max(MAINTENANCE_REASON_MAX, { error: M.reasonTooLong })
      .refine((reason) => !hasControlCharacters(reason), { error: M.reasonRequired }),
    ruleIds: z
      .array(z.string().uuid({ error: M.rulesInvalid }), { error: M.rulesInvalid })
      .max(100, { error: M.rulesInvalid })
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .default([]),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    error: M.windowEndsBeforeStart,
    path: ['endsAt'],
  });
export type MaintenanceWindowBody = z.infer<typeof maintenanceWindowBodySchema>;

export interface MaintenanceWindow {
  id: string;
  startsAt: string;
  endsAt: string;
  reason: string;
  /** Empty: every rule is muted. */
  ruleIds: string[];
  createdAt: string;
  createdBy: { id: string; fullName: string | null } | null;
}
