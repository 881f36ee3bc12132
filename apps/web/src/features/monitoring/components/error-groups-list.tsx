import { countLabel, type ErrorGroup } from '@staff-admin/shared';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ChoiceFilter } from '../../../components/ui/filter-dropdown.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { SearchBox } from '../../../components/ui/search-box.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { ERROR_GROUPS_LIST, useErrorGroups } from '../api/get-error-groups.js';
import { useResolveErrorGroups } from '../api/resolve-error-groups.js';
import { ErrorGroupsTable } from './error-groups-table.js';

const GROUP_NAMES = ['error group', 'error groups'] as const;

/** Monitoring › Errors: filters, a sortable table with bulk resolve, and pages, all in the URL. */
export function ErrorGroupsList() {
  const [params, update, list] = useListParams(ERROR_GROUPS_LIST);
  const groups = useErrorGroups(params);
  const resolve = useResolveErrorGroups();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A group resolved while a status filter hides it (here or elsewhere) leaves the list when it
  // is loaded again: focus in its row goes to the next group's.
  const rowFocus = useRemovedRowFocus();
  const visible = groups.data?.data ?? [];
  // Only what is on screen can be resolved: a selection does not outlive its page.
  const chosen = visible.filter((group) => selected.has(group.id)).map((group) => group.id);

  const select = (rows: readonly ErrorGroup[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const { id } of rows) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const resolveSelected = () => {
    if (chosen.length === 0 || resolve.isPending) return;
    resolve.mutate(chosen, {
      onSuccess: (count) => {
        setSelected(new Set());
        toast.success(`${countLabel(count, GROUP_NAMES)} resolved.`);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          value={params.search}
          placeholder="Search in error titles"
          onSearch={(search) => {
            if (search !== params.search) update({ search, page: 1 }, { replace: true });
          }}
        />
        <ChoiceFilter list={list} name="status" label="Status" allLabel="All statuses" />
        <ChoiceFilter list={list} name="source" label="Source" allLabel="All sources" />
        <Button
          variant="secondary"
          className="ml-auto"
          disabled={chosen.length === 0}
          isLoading={resolve.isPending}
          onClick={resolveSelected}
        >
          <CheckIcon />
          {chosen.length > 0 ? `Resolve selected (${chosen.length})` : 'Resolve selected'}
        </Button>
      </div>
      <ListResults label="Errors" itemNames={GROUP_NAMES} query={groups} list={list} what="errors">
        <ErrorGroupsTable
          groups={visible}
          state={{
            query: groups,
            sort: list.sort,
            rowFocus,
            empty: ERROR_GROUPS_LIST.isFiltered(params)
              ? 'No error group matches these filters.'
              : 'Nothing has gone wrong on the server or in the site yet.',
          }}
          selection={{
            isSelected: (group) => selected.has(group.id),
            onChange: select,
            pageLabel: 'Select every error group on this page',
            rowLabel: (group) => `Select ${group.title}`,
          }}
        />
      </ListResults>
    </div>
  );
}
