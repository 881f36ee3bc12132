import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { MailList } from '../../../../features/monitoring/components/mail-list.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

/** /monitoring/mail: the mail outbox, for admins. */
export function MailRoute() {
  return (
    <RequireArea area={MONITORING_AREA}>
      <ContentLayout
        title="Mail"
        documentTitle={`Mail · ${MONITORING_AREA.label}`}
        description={`${MONITORING_AREA.label}: every mail the site sends, and where it stands.`}
      >
        <MonitoringNav />
        <MailList />
      </ContentLayout>
    </RequireArea>
  );
}
