/** Provisioning from the company's directory (SCIM 2.0, issue 36): constants and labels. */

/** The SCIM base path under APP_URL (what the operator gives Okta or Entra ID). */
export const SCIM_BASE_PATH = '/scim/v2';

/** A token's name: what the audit trail shows as the actor of the directory's changes. */
export const SCIM_TOKEN_NAME_MAX_LENGTH = 80;
/** Live tokens at once: enough for a directory per environment and a rotation's overlap. */
export const SCIM_TOKENS_MAX = 20;

/** What one SCIM call did, as the sync log names it. */
export const SCIM_OPERATIONS = [
  'list',
  'read',
  'create',
  'replace',
  'update',
  'delete',
  'discovery',
] as const;
export type ScimOperation = (typeof SCIM_OPERATIONS)[number];

export const SCIM_OPERATION_LABELS: Record<ScimOperation, string> = {
  list: 'Search',
  read: 'Read',
  create: 'Create',
  replace: 'Replace',
  update: 'Update',
  delete: 'Delete',
  discovery: 'Discovery',
};

/** What a SCIM call is about. */
export const SCIM_RESOURCES = ['User', 'Group', 'Service'] as const;
export type ScimResourceType = (typeof SCIM_RESOURCES)[number];

/** The sync log's filter: every call, or only those that failed (4xx and 5xx). */
export const SCIM_LOG_RESULTS = ['all', 'failed'] as const;
export type ScimLogResult = (typeof SCIM_LOG_RESULTS)[number];

/** How long the sync log keeps a call (the retention job removes older ones). */
export const SCIM_LOG_RETENTION_DAYS = 90;
