import type { Insertable } from 'kysely';
import type { AuditEventsTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

import type { AuditAction } from '@staff-admin/shared';

export { AUDIT_ACTIONS, type AuditAction } from '@staff-admin/shared';

export { NO_ORIGIN, type RequestOrigin } from '../../lib/request-origin.js';
import type { RequestOrigin } from '../../lib/request-origin.js';

export interface AuditEntry {
  action: AuditAction;
  /** Who did it; null or absent for the system or a caller not signed in. */
  actorId?: string | null;
  /** An actor that is no user, by name: a SCIM token (issue 36). */
  actorName?: string;
  /** Whom it concerns. */
  targetId?: string | null;
  origin: RequestOrigin;
  /** Facts beyond actor and target (before/after values, a reason). No secrets, ever. */
  details?: Record<string, unknown>;
}

const USER_AGENT_MAX_LENGTH = 512;

export function auditRow(entry: AuditEntry, now: number): Insertable<AuditEventsTable> {
  return {
    id: newId(),
    at: toIso(now),
    action: entry.action,
    actor_id: entry.actorId ?? null,
    actor_name: entry.actorName ?? null,
    target_id: entry.targetId ?? null,
    ip: entry.origin.ip,
    user_agent: entry.origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  };
}
