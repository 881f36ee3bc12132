import type { Migration } from 'kysely';
import type { DbEngine } from '../database.js';
import { initial } from './0001-initial.js';
import { accountLifecycle } from './0002-account-lifecycle.js';
import { profilesAndSearch } from './0003-profiles-and-search.js';
import { sessionHardening } from './0004-session-hardening.js';
import { auditEvents } from './0005-audit-events.js';
import { retention } from './0006-retention.js';
import { mailDelivery } from './0007-mail-delivery.js';
import { errorGroups } from './0008-error-groups.js';
import { processHeartbeats } from './0009-process-heartbeats.js';
import { budgeting } from './0010-budgeting.js';
import { twoStep } from './0011-two-step.js';
import { userManagement } from './0012-user-management.js';
import { usersVersion } from './0013-users-version.js';
import { errorReportCounts } from './0014-error-report-counts.js';
import { sso } from './0015-sso.js';
import { scim } from './0016-scim.js';
import { uptimeHistory } from './0017-uptime-history.js';
import { releases } from './0018-releases.js';
import { alertChannels } from './0019-alert-channels.js';
import { alertRules } from './0020-alert-rules.js';
import { uploadBlobs } from './0021-upload-blobs.js';

/**
 * Every migration, in order, kept in code (not read from a folder) so the bundled server carries
 * them. Append new ones with the next number; never edit one that has shipped.
 */
export function migrations(engine: DbEngine): Record<string, Migration> {
  return {
    '0001-initial': initial(engine),
    '0002-account-lifecycle': accountLifecycle(engine),
    '0003-profiles-and-search': profilesAndSearch(engine),
    '0004-session-hardening': sessionHardening(engine),
    '0005-audit-events': auditEvents(engine),
    '0006-retention': retention(engine),
    '0007-mail-delivery': mailDelivery(engine),
    '0008-error-groups': errorGroups(engine),
    '0009-process-heartbeats': processHeartbeats(engine),
    '0010-budgeting': budgeting(engine),
    '0011-two-step': twoStep(engine),
    '0012-user-management': userManagement(engine),
    '0013-users-version': usersVersion(engine),
    '0014-error-report-counts': errorReportCounts(engine),
    '0015-sso': sso(engine),
    '0016-scim': scim(engine),
    '0017-uptime-history': uptimeHistory(engine),
    '0018-releases': releases(engine),
    '0019-alert-channels': alertChannels(engine),
    '0020-alert-rules': alertRules(engine),
    '0021-upload-blobs': uploadBlobs(engine),
  };
}
