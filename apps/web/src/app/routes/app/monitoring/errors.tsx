import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { ErrorGroupsList } from '../../../../features/monitoring/components/error-groups-list.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/errors: every error group of the server and the site, for admins. */
export function ErrorsRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Errors"
        documentTitle={`Errors · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: server and browser errors, grouped by crash.`}
      >
        <MonitoringNav />
        <ErrorGroupsList />
      </ContentLayout>
    </RequireArea>
  );
}
