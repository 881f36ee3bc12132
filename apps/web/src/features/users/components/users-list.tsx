import type { UserSortColumn } from '@staff-admin/shared';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { useUsers } from '../api/get-users.js';
import { PAGE_SIZES, useUsersListParams } from '../hooks/use-users-list-params.js';
import { UserSearch } from './user-search.js';
import { UsersTable } from './users-table.js';

/** The user management list: search, sortable table and pages, all kept in the URL. */
export function UsersList() {
  const [params, update] = useUsersListParams();
  const users = useUsers(params);
  const meta = users.data?.meta;

  // A page past the end (the list shrank, or an old link): show the last page instead.
  const lastPage = meta?.totalPages ?? 0;
  useEffect(() => {
    if (!users.isPlaceholderData && lastPage > 0 && params.page > lastPage) {
      update({ page: lastPage }, { replace: true });
    }
  }, [users.isPlaceholderData, lastPage, params.page, update]);

  const sort = (column: UserSortColumn) => {
    const toggled = params.sortDirection === 'ASC' ? 'DESC' : 'ASC';
    update({
      sortBy: column,
      sortDirection: column === params.sortBy ? toggled : 'ASC',
      page: 1,
    });
  };

  // What a search, a sort or a page shows, read out once it has arrived.
  let result = '';
  if (meta && !users.isFetching) {
    const count = meta.totalItems === 1 ? '1 user' : `${meta.totalItems} users`;
    result =
      meta.totalItems === 0
        ? 'No users found'
        : `${count}, page ${Math.min(params.page, Math.max(meta.totalPages, 1))} of ${Math.max(meta.totalPages, 1)}`;
  }

  return (
    <div className="flex flex-col gap-4">
      <LiveStatus message={result} />
      <UserSearch
        value={params.search}
        onSearch={(search) => {
          if (search !== params.search) update({ search, page: 1 }, { replace: true });
        }}
      />
      <section
        aria-label="Users"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        {users.isError && !users.data ? (
          <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-slate-800">
              The users could not be loaded. {getErrorMessage(users.error)}
            </p>
            <Button variant="secondary" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <UsersTable
              users={users.data?.data ?? []}
              sortBy={params.sortBy}
              sortDirection={params.sortDirection}
              onSort={sort}
              isLoading={users.isPending}
              isFetching={users.isFetching}
              empty={
                <>
                  <p className="font-semibold">No users found</p>
                  {params.search && (
                    <p className="mt-1 text-slate-600">
                      Nobody’s name or email contains “{params.search}”.
                    </p>
                  )}
                </>
              }
            />
            {meta && (
              <Pagination
                page={params.page}
                totalPages={meta.totalPages}
                totalItems={meta.totalItems}
                pageSize={params.limitPerPage}
                pageSizes={PAGE_SIZES}
                itemNames={['user', 'users']}
                onPageChange={(page) => update({ page })}
                onPageSizeChange={(limitPerPage) => update({ limitPerPage, page: 1 })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
