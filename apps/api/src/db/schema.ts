import type {
  ErrorGroupStatus,
  ErrorSource,
  Position,
  Status,
  TokenType,
} from '@staff-admin/shared';
import type { Generated } from 'kysely';

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
}

export interface ErrorGroupUsersTable {
  group_id: string;
  user_id: string;
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadsTable;
  audit_events: AuditEventsTable;
  job_leases: JobLeasesTable;
  error_groups: ErrorGroupsTable;
  error_occurrences: ErrorOccurrencesTable;
  error_group_users: ErrorGroupUsersTable;
  process_heartbeats: ProcessHeartbeatsTable;
}
