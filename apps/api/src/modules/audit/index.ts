/** The audit module's face: what the rest of the server may use of it. */
export { NO_ORIGIN } from './audit-events.js';
export type { AuditAction, AuditEntry, RequestOrigin } from './audit-events.js';
export { AuditRepository } from './audit.repository.js';
export type { AuditEventRow, AuditTargetRow } from './audit.repository.js';
export { auditEventSchema, auditRoutes } from './audit.routes.js';
