import { ChevronLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { Button, buttonClassName } from '../../../../components/ui/button.js';
import { Spinner } from '../../../../components/ui/spinner.js';
import { paths } from '../../../../config/paths.js';
import { useErrorGroup } from '../../../../features/monitoring/api/get-error-group.js';
import {
  ErrorGroupActions,
  ErrorGroupSummary,
} from '../../../../features/monitoring/components/error-group-detail.js';
import { MonitoringNav } from '../../../../features/monitoring/components/monitoring-nav.js';
import { getErrorMessage, isApiError } from '../../../../lib/api-error.js';
import { RequireArea } from '../../../guards/require-area.js';
import { MONITORING_AREA } from '../monitoring-area.js';

const TITLE = 'Error group';
const DOCUMENT_TITLE = `${TITLE} · ${MONITORING_AREA.label}`;

const backToList = (
  <Link to={paths.monitoring.errors.path} className={buttonClassName({ variant: 'secondary' })}>
    <ChevronLeftIcon />
    Back to Errors
  </Link>
);

function ErrorGroupPage({ id }: { id: string }) {
  const group = useErrorGroup(id);

  if (group.isPending) {
    // The stand-in title and the spinner alone: nothing is drawn under them that the group's title
    // (several lines on a phone) would push down when it arrives (layout shift). The spinner is
    // not the layout's content, whose box would move down with it. The h1 is the same element
    // then (React keeps the first ContentLayout), so focus moved to it on arrival stays on it.
    return (
      <>
        <ContentLayout title={TITLE} documentTitle={DOCUMENT_TITLE} />
        <Spinner text="Loading error…" className="px-6 lg:px-page-x" />
      </>
    );
  }
  if (group.isError) {
    const missing = isApiError(group.error, 404);
    return (
      <ContentLayout title={TITLE} documentTitle={DOCUMENT_TITLE} actions={backToList}>
        <MonitoringNav />
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="text-slate-800">
            {missing
              ? 'This error group does not exist. It may have been removed after a long quiet time.'
              : `The error group could not be loaded. ${getErrorMessage(group.error)}`}
          </p>
          {!missing && (
            <Button variant="secondary" onClick={() => void group.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </ContentLayout>
    );
  }
  return (
    <ContentLayout
      title={group.data.title}
      documentTitle={DOCUMENT_TITLE}
      actions={
        <>
          {backToList}
          <ErrorGroupActions group={group.data} />
        </>
      }
    >
      <MonitoringNav />
      <ErrorGroupSummary group={group.data} />
    </ContentLayout>
  );
}

/** /monitoring/errors/:id: one error group and its recent occurrences, for admins. */
export function ErrorGroupRoute() {
  const { id = '' } = useParams();
  return (
    <RequireArea area={MONITORING_AREA}>
      <ErrorGroupPage id={id} />
    </RequireArea>
  );
}
