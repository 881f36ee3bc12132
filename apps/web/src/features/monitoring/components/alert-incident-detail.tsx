import {
  ALERT_MESSAGES,
  ALERT_RULE_KIND_LABELS,
  RECORD_DATE_FORMAT,
  type IncidentDetail,
} from '@staff-admin/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useAcknowledgeIncident } from '../api/get-incidents.js';
import { IncidentStateBadge } from './alert-incident-state.js';

const EVENT_LABELS: Record<string, string> = {
  opened: 'Opened',
  notified: 'Notified',
  muted: 'Not told',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** The incident page's Acknowledge button (unavailable once acknowledged or resolved). */
export function AcknowledgeButton({ incident }: { incident: IncidentDetail }) {
  const acknowledge = useAcknowledgeIncident(incident.id);
  const done = incident.state !== 'open';
  return (
    <Button
      disabled={done}
      isLoading={acknowledge.isPending}
      onClick={() => {
        if (done || acknowledge.isPending) return;
        acknowledge.mutate(undefined, {
          onSuccess: () => toast.success(ALERT_MESSAGES.incidentAcknowledged),
          onError: (error) => toast.error(getErrorMessage(error)),
        });
      }}
    >
      {incident.state === 'acknowledged' ? 'Acknowledged' : 'Acknowledge'}
    </Button>
  );
}

/** What the incident is about, its figures and its timeline. */
export function IncidentSummary({ incident }: { incident: IncidentDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">State</dt>
          <dd>
            <IncidentStateBadge state={incident.state} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Rule</dt>
          <dd>
            {incident.rule.name} ({ALERT_RULE_KIND_LABELS[incident.rule.kind]})
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">About</dt>
          <dd>
            <Link to={incident.subject.path} className="text-blue-700 underline">
              {incident.subject.label}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Count</dt>
          <dd>{incident.count}</dd>
        </div>
      </dl>
      <section aria-labelledby="incident-timeline" className="flex flex-col gap-3">
        <h2 id="incident-timeline" className="text-base font-semibold">
          Timeline
        </h2>
        <ol aria-labelledby="incident-timeline" className="flex flex-col gap-2">
          {incident.timeline.map((event, index) => (
            <li key={index} className="rounded-xl border border-slate-200 bg-white p-3">
              <span className="font-medium">{EVENT_LABELS[event.type] ?? event.type}</span>{' '}
              <DateTime value={event.at} pattern={RECORD_DATE_FORMAT} />
              {event.by && <> by {event.by.fullName ?? 'a user'}</>}
              {event.detail && <span className="text-slate-600"> ({event.detail})</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
