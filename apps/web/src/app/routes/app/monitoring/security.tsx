import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { SecurityAuditTrail } from '../../../../features/monitoring/components/security-audit-trail.js';
import { SecurityLockedAccounts } from '../../../../features/monitoring/components/security-locked-accounts.js';
import { SecuritySummary } from '../../../../features/monitoring/components/security-summary.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/security: locked accounts, failed sign-ins, token reuse and the audit trail. */
export function SecurityRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Sign-in security"
        documentTitle={`Sign-in security · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: who is locked out, failed sign-ins, and the audit trail.`}
      >
        <MonitoringNav />
        <div className="flex flex-col gap-6">
          <SecurityLockedAccounts />
          <SecuritySummary />
          <SecurityAuditTrail />
        </div>
      </ContentLayout>
    </RequireArea>
  );
}
