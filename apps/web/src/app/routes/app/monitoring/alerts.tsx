import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { AlertIncidentsSection } from '../../../../features/monitoring/components/alert-incidents-section.js';
import { AlertMaintenanceSection } from '../../../../features/monitoring/components/alert-maintenance-section.js';
import { AlertRulesSection } from '../../../../features/monitoring/components/alert-rules-section.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/alerts: rules, incidents and maintenance windows, for admins. */
export function AlertsRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Alerts"
        documentTitle={`Alerts · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: who is told when something needs them.`}
      >
        <MonitoringNav />
        <div className="flex flex-col gap-6">
          <AlertRulesSection />
          <AlertIncidentsSection />
          <AlertMaintenanceSection />
        </div>
      </ContentLayout>
    </RequireArea>
  );
}
