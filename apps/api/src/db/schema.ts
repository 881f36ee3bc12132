import type {
  CostCategory,
  ErrorGroupStatus,
  ProjectStatus,
  ErrorSource,
  HealthStatus,
  Position,
  Status,
  TokenType,
} from '@staff-admin/shared';
import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes. Times are ISO-8601 UTC strings on both engines: SQLite stores them as text and
 * PostgreSQL's timestamptz values are turned back into ISO strings by the driver (see database.ts),
 * so queries and comparisons read the same everywhere.
 */
export interface UsersTable {
  id: string;
  email: string;
  full_name: string | null;
  /** `full_name` lower-cased by the application, '' when null: the key search and sort use. */
  full_name_lower: string;
  position: Position;
  status: Status;
  image_url: string | null;
  password_hash: string | null;
  invited_by: string | null;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  /**
   * A second factor is on (confirmed TOTP or a passkey). PostgreSQL reads a boolean, SQLite 0 or 1:
   * read it with Boolean(); written only by UsersRepository.setTwoStepEnabled (from two-step's
   * hasTwoStepFactor).
   */
  two_step_enabled: ColumnType<boolean | number, never, boolean>;
  /** The role follows the company sign-in's claim (issue 35). Boolean, or 0/1 on SQLite. */
  role_from_sso: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Provisioned from the company's directory (SCIM, issue 36). Boolean, or 0/1 on SQLite. */
  managed_by_directory: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** When the password (and code) was last entered in this session: sign-in or re-authentication. */
  reauthenticated_at: string | null;
  /** The company provider's issuer when the session was started by SSO (its sign-out too). */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider asserted a multi-factor sign-in: two-step for MFA_REQUIRED_ROLES here. */
  two_step_by_provider: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  replaced_by: string | null;
  /** The pair that replaced this token, sealed, during the reuse grace window; null otherwise. */
  successor_sealed: string | null;
}

export interface OneTimeTokensTable {
  id: string;
  user_id: string;
  type: TokenType;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Set by the retention job on an unused token past its expiry. */
  expired_at: string | null;
}

export interface MailOutboxTable {
  id: string;
  user_id: string | null;
  template: string;
  recipient: string;
  subject: string;
  /** Sealed text and HTML; null once the mail has been sent. */
  body: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  claim_id: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  logged_at: string | null;
  /** The one-time token whose link the mail carries (a reset link supersedes older ones once sent). */
  link_token_id: string | null;
  /** Set when delivery was given up: never retried after. */
  failed_at: string | null;
}

/** Where alerts go (issue 37): an email channel's recipients or a webhook's URL and sealed secret. */
export interface AlertChannelsTable {
  id: string;
  kind: string;
  name: string;
  /** `all` (admins only) or `budget` (finance may use it too). */
  audience: string;
  url: string | null;
  format: string | null;
  /** The webhook's signing secret (`whsec_…`), sealed. */
  secret: string | null;
  /** JSON `{ userIds, roles }` for an email channel. */
  recipients: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The webhook outbox: one notice for one channel; its id is the `webhook-id` header. */
export interface WebhookDeliveriesTable {
  id: string;
  channel_id: string;
  type: string;
  /** The exact JSON body sent (and signed). */
  body: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_id: string | null;
  claimed_until: string | null;
  delivered_at: string | null;
  /** Set when delivery was given up: never retried after. */
  failed_at: string | null;
}

export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface UploadsTable {
  id: string;
  /** The public path, e.g. `/api/files/users/<uuid>.png`: what `users.image_url` holds. */
  path: string;
  dir: string;
  /** The generated file name inside the folder: `<uuid>.png` or `<uuid>.jpg`. */
  name: string;
  content_type: string;
  size: number;
  /** Who uploaded it; null once they are deleted. */
  owner_id: string | null;
  created_at: string;
}

/** A stored picture's bytes (UPLOAD_STORAGE=database), by folder and generated name. */
export interface UploadBlobsTable {
  dir: string;
  name: string;
  bytes: Buffer;
  size: number;
  /** SHA-256 of `bytes`, hex. */
  sha256: string;
  created_at: string;
}

export interface AuditEventsTable {
  id: string;
  at: string;
  /** One of AUDIT_ACTIONS (audit-events.ts). */
  action: string;
  /** Who did it: a user, null for the system or an unauthenticated caller. */
  actor_id: string | null;
  /** Whom it concerns. */
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON object, or null. */
  details: string | null;
  /** An actor that is no user: a SCIM token's name (issue 36). */
  actor_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobLeasesTable {
  name: string;
  /** The process running the job now, while `leased_until` is in the future. */
  holder: string | null;
  leased_until: string | null;
  last_finished_at: string | null;
}

export interface ErrorGroupsTable {
  id: string;
  /** sha256 of the grouping rule's input (modules/monitoring/fingerprint.ts). */
  fingerprint: string;
  /** `server` or `browser`. */
  source: ErrorSource;
  type: string;
  title: string;
  /** The title lower-cased, for the list's search. */
  title_lower: string;
  status: ErrorGroupStatus;
  first_seen_at: string;
  last_seen_at: string;
  occurrences: number;
  users_affected: Generated<number>;
  resolved_at: string | null;
  /** Set when a resolved group occurred again (and was reopened); cleared by a status change. */
  regressed_at: string | null;
}

export interface ErrorOccurrencesTable {
  id: string;
  group_id: string;
  at: string;
  /** Scrubbed: no tokens, passwords or query strings. */
  message: string;
  stack: string | null;
  method: string | null;
  /** The route pattern (`/api/users/:id`), never the requested URL. */
  route: string | null;
  status: number | null;
  request_id: string | null;
  /** A browser error's page: path only. */
  url: string | null;
  release: string | null;
  user_agent: string | null;
  user_id: string | null;
  /** Browser errors: the frames as JSON (StoredStackFrame[]), mapped where the maps allowed. */
  frames: string | null;
}

/** The releases each error group occurred in (every occurrence counted, sample kept or not). */
export interface ErrorGroupReleasesTable {
  group_id: string;
  release: string;
  first_seen_at: string;
  last_seen_at: string;
  occurrences: number;
}

export interface ErrorGroupUsersTable {
  group_id: string;
  user_id: string;
}

/** Error reports per UTC hour and source, counted as they come (stored or not). */
export interface ErrorReportCountsTable {
  /** The hour's start. */
  hour: string;
  source: ErrorSource;
  reports: number;
  /** Reports stored nowhere: browser reports past ERROR_REPORTS_PER_DAY. */
  dropped: Generated<number>;
}

/** One Overview check's result in one sample slot (uptime history, issue 37). */
export interface HealthSamplesTable {
  check: string;
  /** The slot's start (a whole minute). */
  sampled_at: string;
  status: HealthStatus;
  output: string | null;
}

/** One check's UTC day, rolled up from its samples; kept after the samples go. */
export interface HealthDailyTable {
  check: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  up_seconds: number;
  warn_seconds: number;
  down_seconds: number;
  /** Samples counted (outside maintenance windows). */
  samples: number;
  /** Samples inside a maintenance window: counted in no status. */
  excluded_samples: number;
}

/** One live API process (Monitoring › Overview); removed when it closes. */
export interface ProcessHeartbeatsTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  last_seen_at: string;
  release: string | null;
  node_version: string;
  /** Bytes. */
  rss: number;
  heap_used: number;
  heap_total: number;
  /** Event-loop delay percentiles over the last interval, in milliseconds. */
  eld_p50: number;
  eld_p99: number;
}

/** Budgeting: a client project; budget, total cost and entry count kept current on each write. */
export interface ProjectsTable {
  id: string;
  /** Upper-case, unique (e.g. ACME-WEB). */
  code: string;
  name: string;
  client: string;
  /** code, name and client lower-cased, for the list's search. */
  search_text: string;
  /** ISO 4217; fixed once the project has costs. */
  currency: string;
  /** YYYY-MM-DD. */
  start_date: string;
  end_date: string | null;
  status: ProjectStatus;
  owner_id: string | null;
  /** Minor units: the latest budget revision. */
  budget_minor: number;
  /** Minor units: the sum of the project's cost entries. */
  actual_minor: Generated<number>;
  cost_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Never edited or deleted: a project's budget history. */
export interface BudgetRevisionsTable {
  id: string;
  project_id: string;
  amount_minor: number;
  reason: string;
  created_by: string | null;
  created_at: string;
}

/** A person's hourly cost in one currency from a day on (until their next rate in it). */
export interface CostRatesTable {
  id: string;
  user_id: string;
  currency: string;
  amount_minor: number;
  valid_from: string;
  created_by: string | null;
  created_at: string;
}

export interface CostEntriesTable {
  id: string;
  project_id: string;
  /** YYYY-MM-DD; its month decides whether the entry may change (closed_months). */
  entry_date: string;
  category: CostCategory;
  description: string;
  /** Minor units of the project's currency. */
  amount_minor: number;
  /** Labour: the person, hours × 100, and the hourly rate used (a snapshot, never re-read). */
  user_id: string | null;
  hours_hundredths: number | null;
  rate_minor: number | null;
  import_batch_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One committed CSV import; undoing it deletes its entries and sets undone_at. */
export interface ImportBatchesTable {
  id: string;
  project_id: string;
  file_name: string;
  row_count: number;
  total_minor: number;
  created_by: string | null;
  created_at: string;
  undone_at: string | null;
  undone_by: string | null;
}

/** A month (YYYY-MM) whose costs can no longer change, for every project. */
export interface ClosedMonthsTable {
  month: string;
  closed_by: string | null;
  closed_at: string;
}

/** A user's authenticator app (TOTP); `confirmed_at` null while its setup is pending. */
export interface TotpFactorsTable {
  user_id: string;
  /** The base-32 secret, sealed (lib/sealed-box.ts, purpose `totp-secret`). */
  secret_sealed: string;
  confirmed_at: string | null;
  /** The last 30-second step a code was accepted for: it and earlier steps are refused (replay). */
  last_used_step: number | null;
  created_at: string;
}

/** Single-use recovery codes, SHA-256 hashed (their 50 random bits need no slow hash). */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn credential (passkey). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url, unique. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of transports, or null. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** After a right password on an account with a factor: the token the second step must bring. */
export interface SignInChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  /** The WebAuthn challenge of passkey sign-in options, once asked for. */
  webauthn_challenge: string | null;
  created_at: string;
  /** The provider of the company sign-in this second step follows; null after a password. */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Passkey registration options of a session, waiting for the device's answer. */
export interface WebauthnRegistrationsTable {
  session_id: string;
  challenge: string;
  expires_at: string;
}

/** A version per table, bumped by triggers on every change the users list counts (migration 0013). */
export interface TableVersionsTable {
  table_name: string;
  version: ColumnType<number | string | bigint, number, number>;
}

/** A user's link to the company provider's account (issue 35). */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  created_at: string;
  last_sign_in_at: string | null;
}

/** A started SSO sign-in, waiting for the provider's answer (used once). */
export interface SsoSignInsTable {
  id_hash: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  expires_at: string;
}

/** A finished SSO sign-in's answer, sealed, for the site to trade its one-time code for (used once). */
/** A directory's bearer token (issue 36): the secret is kept as its SHA-256 only. */
export interface ScimTokensTable {
  id: string;
  name: string;
  secret_hash: string;
  created_by: string | null;
  created_at: string;
  rotated_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What the directory says of a user beyond the users table. */
export interface DirectoryUsersTable {
  user_id: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
}

export interface DirectoryGroupsTable {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface DirectoryGroupMembersTable {
  group_id: string;
  user_id: string;
}

/** One SCIM call (Monitoring › Directory's sync log). */
export interface ScimSyncLogTable {
  id: string;
  at: string;
  token_id: string | null;
  token_name: string | null;
  operation: string;
  resource_type: string;
  user_id: string | null;
  subject: string | null;
  status: number;
  detail: string | null;
}

export interface SsoExchangesTable {
  code_hash: string;
  browser_hash: string;
  answer_sealed: string;
  expires_at: string;
}

/** Alerts (issue 37): a rule, settings by kind as JSON (migration 0020). */
export interface AlertRulesTable {
  id: string;
  kind: string;
  name: string;
  /** JSON array of channel ids. */
  channel_ids: string;
  /** 1 or 0. */
  enabled: number;
  cooldown_minutes: number;
  repeat_every_minutes: number | null;
  /** JSON object: the kind's settings. */
  settings: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** The end of the window the evaluator last read. */
  evaluated_until: string | null;
}

export interface AlertIncidentsTable {
  id: string;
  rule_id: string;
  kind: string;
  subject_key: string;
  summary: string;
  /** JSON object: the subject and its figures. */
  data: string;
  count: number;
  opened_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  last_notified_at: string | null;
}

export interface AlertIncidentEventsTable {
  id: string;
  incident_id: string;
  at: string;
  type: string;
  actor_id: string | null;
  detail: string | null;
}

export interface AlertPendingTable {
  rule_id: string;
  subject_key: string;
  since: string;
}

export interface MaintenanceWindowsTable {
  id: string;
  starts_at: string;
  ends_at: string;
  reason: string;
  /** JSON array of rule ids; empty: every rule. */
  rule_ids: string;
  created_by: string | null;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  alert_channels: AlertChannelsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  uploads: UploadsTable;
  upload_blobs: UploadBlobsTable;
  audit_events: AuditEventsTable;
  job_leases: JobLeasesTable;
  error_groups: ErrorGroupsTable;
  error_occurrences: ErrorOccurrencesTable;
  error_group_users: ErrorGroupUsersTable;
  error_group_releases: ErrorGroupReleasesTable;
  error_report_counts: ErrorReportCountsTable;
  process_heartbeats: ProcessHeartbeatsTable;
  health_samples: HealthSamplesTable;
  health_daily: HealthDailyTable;
  projects: ProjectsTable;
  budget_revisions: BudgetRevisionsTable;
  cost_rates: CostRatesTable;
  cost_entries: CostEntriesTable;
  import_batches: ImportBatchesTable;
  closed_months: ClosedMonthsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  sign_in_challenges: SignInChallengesTable;
  webauthn_registrations: WebauthnRegistrationsTable;
  table_versions: TableVersionsTable;
  user_identities: UserIdentitiesTable;
  sso_sign_ins: SsoSignInsTable;
  sso_exchanges: SsoExchangesTable;
  scim_tokens: ScimTokensTable;
  directory_users: DirectoryUsersTable;
  directory_groups: DirectoryGroupsTable;
  directory_group_members: DirectoryGroupMembersTable;
  scim_sync_log: ScimSyncLogTable;
  alert_rules: AlertRulesTable;
  alert_incidents: AlertIncidentsTable;
  alert_incident_events: AlertIncidentEventsTable;
  alert_pending: AlertPendingTable;
  maintenance_windows: MaintenanceWindowsTable;
}
