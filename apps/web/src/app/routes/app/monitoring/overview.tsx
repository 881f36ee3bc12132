import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { Overview } from '../../../../features/monitoring/components/overview.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring: the health of every part of the site, for admins. */
export function OverviewRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Overview"
        documentTitle={`Overview · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: is every part healthy, and what happened today.`}
      >
        <MonitoringNav />
        <Overview />
      </ContentLayout>
    </RequireArea>
  );
}
