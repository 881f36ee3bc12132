import { RECORD_DATE_FORMAT } from '@staff-admin/shared';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useListParams } from '../../../lib/list-params.js';
import { INCIDENT_LIST, useIncidents } from '../api/get-incidents.js';
import { IncidentStateBadge } from './alert-incident-state.js';

const INCIDENT_NAMES = ['incident', 'incidents'] as const;

/** Alerts › Incidents: every firing, newest first, filtered by state and kind (in the URL). */
export function AlertIncidentsSection({ showKind = true }: { showKind?: boolean }) {
  const [params, , list] = useListParams(INCIDENT_LIST);
  const incidents = useIncidents(params);
  const rows = incidents.data?.data ?? [];
  return (
    <SectionCard
      title="Incidents"
      description="Every time a rule fired: open until its condition clears."
    >
      <div className="flex flex-wrap items-end gap-4">
        <ChoiceFilter list={list} name="state" label="State" allLabel="All states" />
        {showKind && <ChoiceFilter list={list} name="kind" label="Kind" allLabel="All kinds" />}
      </div>
      <ListResults
        label="Incidents"
        itemNames={INCIDENT_NAMES}
        query={incidents}
        list={list}
        what="incidents"
      >
        {incidents.isPending ? (
          <Spinner text="Loading incidents…" />
        ) : rows.length === 0 ? (
          <p className="py-6 text-slate-600">
            {INCIDENT_LIST.isFiltered(params)
              ? 'No incident matches these filters.'
              : 'No incident yet: no rule has fired.'}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Incidents</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Incident
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Rule
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Count
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Opened
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((incident) => (
                  <tr key={incident.id} className="border-b border-slate-100">
                    <td className="py-2 pr-4">
                      <Link to={incident.path} className="font-medium text-blue-700 underline">
                        {incident.summary}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{incident.rule.name}</td>
                    <td className="py-2 pr-4">
                      <IncidentStateBadge state={incident.state} />
                    </td>
                    <td className="py-2 pr-4">{incident.count}</td>
                    <td className="py-2">
                      <DateTime value={incident.openedAt} pattern={RECORD_DATE_FORMAT} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListResults>
    </SectionCard>
  );
}
