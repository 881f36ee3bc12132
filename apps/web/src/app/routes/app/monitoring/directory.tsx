import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { DirectoryScreen } from '../../../../features/directory/components/directory-screen.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/directory: provisioning from the company's directory (SCIM), for admins. */
export function DirectoryRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Directory"
        documentTitle={`Directory · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: provisioning from your company's directory (SCIM), its tokens and its sync log.`}
      >
        <MonitoringNav />
        <DirectoryScreen />
      </ContentLayout>
    </RequireArea>
  );
}
