import { ChevronLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { Button, buttonClassName } from '../../../../components/ui/button.js';
import { Spinner } from '../../../../components/ui/spinner.js';
import { paths } from '../../../../config/paths.js';
import { useIncident } from '../../../../features/monitoring/api/get-incidents.js';
import {
  AcknowledgeButton,
  IncidentSummary,
} from '../../../../features/monitoring/components/alert-incident-detail.js';
import { getErrorMessage, isApiError } from '../../../../lib/api-error.js';

const TITLE = 'Incident';

const backToAlerts = (
  <Link to={paths.monitoring.alerts.path} className={buttonClassName({ variant: 'secondary' })}>
    <ChevronLeftIcon />
    Back to Alerts
  </Link>
);

function IncidentPage({ id }: { id: string }) {
  const incident = useIncident(id);
  if (incident.isPending) {
    return (
      <ContentLayout title={TITLE} actions={backToAlerts}>
        <Spinner text="Loading incident…" />
      </ContentLayout>
    );
  }
  if (incident.isError) {
    const missing = isApiError(incident.error, 404);
    return (
      <ContentLayout title={TITLE} actions={backToAlerts}>
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="text-slate-800">
            {missing
              ? 'This incident does not exist. Its rule may have been deleted.'
              : `The incident could not be loaded. ${getErrorMessage(incident.error)}`}
          </p>
          {!missing && (
            <Button variant="secondary" onClick={() => void incident.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </ContentLayout>
    );
  }
  return (
    <ContentLayout
      title={incident.data.summary}
      documentTitle={TITLE}
      actions={
        <>
          {backToAlerts}
          <AcknowledgeButton incident={incident.data} />
        </>
      }
    >
      <IncidentSummary incident={incident.data} />
    </ContentLayout>
  );
}

/**
 * /monitoring/alerts/incidents/:id: the page a notice links to. Signed-in people only (the app's
 * guard sends others to sign in and back); admins see every incident, finance budget incidents
 * (the server answers 404 for the others).
 */
export function AlertIncidentRoute() {
  const { id = '' } = useParams();
  return <IncidentPage id={id} />;
}
