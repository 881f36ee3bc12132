import type { BulkUserAction, User } from '@staff-admin/shared';
import { BellIcon, DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { lazyDialog } from '../../../components/ui/lazy-dialog.js';
import { ListResults } from '../../../components/ui/list-results.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useListParams } from '../../../lib/list-params.js';
import { toast } from '../../../lib/toast.js';
import { useExportUsersCsv } from '../api/export-users-csv.js';
import { useLockedEmails } from '../api/get-locked-accounts.js';
import { toUserListFilter, USERS_LIST, USERS_LIST_KEY, useUsers } from '../api/get-users.js';
import type { BulkRequest } from './bulk-action-dialog.js';
import { SelectionToolbar } from './selection-toolbar.js';
import { UserSearch } from './user-search.js';
import { UsersFilters } from './users-filters.js';
import { userLinkId, UsersTable } from './users-table.js';

const USERS = ['user', 'users'] as const;

const BulkActionDialog = lazyDialog(
  async () => (await import('./bulk-action-dialog.js')).BulkActionDialog,
  ({ request }) => request !== null,
);
const RemindDialog = lazyDialog(async () => (await import('./remind-dialog.js')).RemindDialog);
const UnlockAccountDialog = lazyDialog(
  async () =>
    (await import('../../../components/unlock-account/unlock-account-dialog.js'))
      .UnlockAccountDialog,
);

/** Chosen users (kept across pages of one view), or every user the view's filter matches. */
type Selection = { all: false; users: ReadonlyMap<string, User> } | { all: true };
const NOTHING_SELECTED: Selection = { all: false, users: new Map() };

/**
 * The user management list: search, filters, a sortable table and pages, all kept in the URL;
 * a selection for bulk actions (the chosen rows, or every user that matches), reminders to
 * pending users, CSV export, and the unlock of locked accounts.
 */
export function UsersList() {
  const [params, update, list] = useListParams(USERS_LIST);
  const users = useUsers(params);
  const meta = users.data?.meta;
  const visible = users.data?.data ?? [];
  const lockedEmails = useLockedEmails();
  const exportCsv = useExportUsersCsv();
  const selectPageId = useId();
  // A user who leaves the list (deleted, or out of the filters once changed) while focus is in
  // their row hands focus to the next row; with no row left, the table's caption takes it.
  const rowFocus = useRemovedRowFocus();

  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [bulkRequest, setBulkRequest] = useState<BulkRequest | null>(null);
  const [reminding, setReminding] = useState(false);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const [unlockUser, setUnlockUser] = useState<User | null>(null);

  // A selection belongs to the search and filters it was made in: another view starts afresh.
  const filterKey = JSON.stringify(toUserListFilter(params));
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (filterKey !== selectionKey) {
    setSelectionKey(filterKey);
    setSelection(NOTHING_SELECTED);
  }

  const totalMatching = meta?.totalItems ?? 0;
  const selectedCount = selection.all ? totalMatching : selection.users.size;
  const isSelected = (user: User) => selection.all || selection.users.has(user.id);
  const pageSelected = visible.length > 0 && visible.every(isSelected);

  const choose = (chosen: readonly User[], on: boolean) =>
    setSelection((current) => {
      // Leaving "every match" by unticking: what stays chosen is the page, less what was unticked.
      const base = current.all ? new Map(visible.map((user) => [user.id, user])) : current.users;
      const next = new Map(base);
      for (const user of chosen) {
        if (on) next.set(user.id, user);
        else next.delete(user.id);
      }
      return { all: false, users: next };
    });

  const focusSelectPage = () => {
    const box = document.getElementById(selectPageId);
    return box instanceof HTMLInputElement && !box.disabled ? box : rowFocus.finalFocus();
  };

  const clearSelection = () => {
    setSelection(NOTHING_SELECTED);
    // The toolbar that had focus goes with the selection.
    focusSelectPage()?.focus();
  };

  const startBulk = (action: BulkUserAction) => {
    if (selection.all) {
      setBulkRequest({
        action,
        target: { filter: toUserListFilter(params) },
        total: totalMatching,
      });
      return;
    }
    const chosen = [...selection.users.values()];
    setBulkRequest({
      action,
      target: { ids: chosen.map((user) => user.id) },
      total: chosen.length,
      knownEmails: new Map(chosen.map((user) => [user.id, user.email])),
    });
  };

  const exportList = () => {
    if (exportCsv.isPending) return;
    exportCsv.mutate(params, { onError: (error) => toast.error(getErrorMessage(error)) });
  };

  const narrowed = USERS_LIST.isFiltered({ ...params, search: '' });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start gap-4">
        <UserSearch
          value={params.search}
          onSearch={(search) => {
            if (search !== params.search) update({ search, page: 1 }, { replace: true });
          }}
        />
        <UsersFilters
          filters={params}
          onChange={(changes, options) => update({ ...changes, page: 1 }, options)}
        />
        <Button
          variant="secondary"
          className="mt-7"
          disabled={!USERS_LIST.isFiltered(params)}
          onClick={() => update({ ...USERS_LIST.noFilters, page: 1 })}
        >
          Clear filters
        </Button>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => setReminding(true)}>
          <BellIcon />
          Remind pending users
        </Button>
        <Button variant="secondary" isLoading={exportCsv.isPending} onClick={exportList}>
          <DownloadIcon />
          Export CSV
        </Button>
      </div>
      {selectedCount > 0 && (
        <SelectionToolbar
          count={selectedCount}
          allMatching={selection.all}
          offerAll={
            !selection.all && pageSelected && totalMatching > selection.users.size
              ? totalMatching
              : null
          }
          onSelectAll={() => setSelection({ all: true })}
          onClear={clearSelection}
          onAction={startBulk}
        />
      )}
      <ListResults label="Users" itemNames={USERS} query={users} list={list} what="users">
        <UsersTable
          users={visible}
          state={{
            query: users,
            sort: list.sort,
            rowFocus,
            empty: narrowed
              ? 'No user matches these filters.'
              : params.search && `Nobody’s name or email contains “${params.search}”.`,
          }}
          selection={{
            isSelected,
            onChange: choose,
            pageLabel: 'Select every user on this page',
            rowLabel: (user) => `Select ${user.fullName || user.email}`,
            pageId: selectPageId,
          }}
          lockedEmails={lockedEmails}
          onUnlock={(user) => {
            setUnlockUser(user);
            setUnlockOpen(true);
          }}
        />
      </ListResults>
      <BulkActionDialog
        request={bulkRequest}
        onClose={() => setBulkRequest(null)}
        onRan={() => setSelection(NOTHING_SELECTED)}
        finalFocus={focusSelectPage}
      />
      <RemindDialog open={reminding} onOpenChange={setReminding} />
      <UnlockAccountDialog
        open={unlockOpen}
        onOpenChange={setUnlockOpen}
        email={unlockUser?.email}
        // The row's Locked mark and Unlock button are gone by the time the dialog closes.
        invalidates={[USERS_LIST_KEY]}
        // The Unlock button goes with the lock: focus goes to the user's name in that row (or,
        // should the row have gone too, to its neighbour).
        finalFocus={() =>
          (unlockUser && document.getElementById(userLinkId(unlockUser))) || rowFocus.finalFocus()
        }
      />
    </div>
  );
}
