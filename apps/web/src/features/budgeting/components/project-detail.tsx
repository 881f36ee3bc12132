import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.js';
import { isApiError, getErrorMessage } from '../../../lib/api-error.js';
import { isOneOf } from '../../../lib/list-params.js';
import { useBudgetRevisions, useProject } from '../api/get-project.js';
import { BurnUpChart } from './burn-up-chart.js';
import { BurnUpTable, ProjectFigures } from './project-figures.js';
import { BudgetPanel, CostsPanel, ImportsPanel, RatesPanel } from './project-tabs.js';

const TABS = ['costs', 'budget', 'rates', 'imports'] as const;
const TAB_LABELS = {
  costs: 'Costs',
  budget: 'Budget history',
  rates: 'Cost rates',
  imports: 'Imports',
};
const PANELS = { costs: CostsPanel, budget: BudgetPanel, rates: RatesPanel, imports: ImportsPanel };
/**
 * Three panels open with a button, the next stop after the tabs. The Imports panel may hold no
 * control at all, so it is a tab stop itself (the ARIA practices' tabs pattern), with a focus
 * ring like a control's.
 */
const panelProps = (id: (typeof TABS)[number]) =>
  id === 'imports'
    ? {
        tabIndex: 0,
        className:
          'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600',
      }
    : { tabIndex: -1 };

/** A project: key figures, cost by month, and its costs, budget history, rates and imports. */
export function ProjectDetailView({ id }: { id: string }) {
  const project = useProject(id);
  // The project's answer draws the whole page (figures, chart, cost by month, tabs). useQuery
  // hands it over to be drawn at once, in one long task; deferred, React draws it in short slices
  // that leave the main thread free between them (docs/performance.md).
  const data = useDeferredValue(project.data);
  const revisions = useBudgetRevisions(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab = isOneOf(TABS, tabParam) ? tabParam : 'costs';

  if (project.isError) {
    return (
      <p role="alert" className="py-12 text-center">
        {isApiError(project.error, 404)
          ? 'This project does not exist.'
          : `The project could not be loaded. ${getErrorMessage(project.error)}`}
      </p>
    );
  }
  if (data === undefined) return <Spinner text="Loading the project…" />;
  return (
    <div className="flex flex-col gap-6">
      <ProjectFigures project={data} />
      <BurnUpChart project={data} revisions={revisions.data} />
      <BurnUpTable project={data} revisions={revisions.data} />
      {/* The chosen tab lives in the URL; only the shown panel is drawn. Why Radix's tabs:
          docs/decisions.md. */}
      <Tabs.Root
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (current) => {
              const query = new URLSearchParams(current);
              query.set('tab', next);
              return query;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <Tabs.List aria-label="Project" className="flex gap-4 border-b border-slate-200">
          {TABS.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className={clsx(
                '-mb-px border-b-2 px-1 py-2 font-medium focus-visible:outline-2 focus-visible:outline-blue-600',
                tab === id ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-700',
              )}
            >
              {TAB_LABELS[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((id) => {
          const Panel = PANELS[id];
          return (
            <Tabs.Content key={id} value={id} {...panelProps(id)}>
              <Panel project={data} />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
