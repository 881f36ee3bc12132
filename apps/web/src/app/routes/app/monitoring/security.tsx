import { useDeferredValue } from 'react';
import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { useLockedAccounts } from '../../../../components/unlock-account/locked-accounts.js';
import { Spinner } from '../../../../components/ui/spinner.js';
import { useSecuritySummary } from '../../../../features/monitoring/api/get-security-summary.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { SecurityAuditTrail } from '../../../../features/monitoring/components/security-audit-trail.js';
import { SecurityLockedAccounts } from '../../../../features/monitoring/components/security-locked-accounts.js';
import { SecuritySummary } from '../../../../features/monitoring/components/security-summary.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/**
 * The sections, once the two above the audit trail have had their first answer (data or a
 * failure, which they show): drawn as each arrived, they grew and pushed the trail down the
 * screen (layout shift). They are drawn at a lower priority (useDeferredValue), in slices that
 * leave the page free to answer, with the spinner up meanwhile. Later fetches (Try again) happen
 * in place.
 */
function SecuritySections() {
  const locked = useLockedAccounts();
  const summary = useSecuritySummary();
  const answered = useDeferredValue(locked.isFetched && summary.isFetched);
  if (!answered) return <Spinner text="Loading sign-in security…" />;
  return (
    <div className="flex flex-col gap-6">
      <SecurityLockedAccounts />
      <SecuritySummary />
      <SecurityAuditTrail />
    </div>
  );
}

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
        <SecuritySections />
      </ContentLayout>
    </RequireArea>
  );
}
