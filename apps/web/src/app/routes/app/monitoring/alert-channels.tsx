import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { AlertChannels } from '../../../../features/monitoring/components/alert-channels.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/alerts/channels: where alerts go, for admins. */
export function AlertChannelsRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Alert channels"
        documentTitle={`Alert channels · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: the email recipients and signed webhooks alerts are sent to.`}
      >
        <MonitoringNav />
        <AlertChannels />
      </ContentLayout>
    </RequireArea>
  );
}
