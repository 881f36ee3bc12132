import {
  DORMANT_DAYS_MAX,
  listUsersQuerySchema,
  POSITIONS,
  SEARCH_MAX_LENGTH,
  STATUSES,
  USER_LIST_DEFAULT_SORT,
  USER_SORT_COLUMNS,
} from '@staff-admin/shared';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  countParam,
  dayParam,
  flagParam,
  idParam,
  inUrlAs,
  listView,
  minuteParam,
  oneOfParam,
  searchParam,
  useListParams,
} from './list-params.js';

/** A view like the users list's, built from the constants `listUsersQuerySchema` is built from. */
const PEOPLE = listView({
  filters: {
    search: searchParam,
    position: oneOfParam(POSITIONS),
    status: oneOfParam(STATUSES),
    neverSignedIn: flagParam,
    dormantDays: countParam(DORMANT_DAYS_MAX),
  },
  sort: { columns: USER_SORT_COLUMNS, default: USER_LIST_DEFAULT_SORT, first: 'ASC' },
  normalize: ({ neverSignedIn }) => (neverSignedIn ? { dormantDays: null } : {}),
});

const read = (query: string) => PEOPLE.read(new URLSearchParams(query));
/** What the server makes of the list call the view sends. */
const serverView = (query: string) => listUsersQuerySchema.parse(PEOPLE.apiQuery(read(query)));

function renderList(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: [url] }, children);
  return renderHook(
    () => {
      const [params, update] = useListParams(PEOPLE);
      return { params, update, location: useLocation(), navigation: useNavigationType() };
    },
    { wrapper },
  );
}

describe('listView', () => {
  it('reads an empty URL as the shared schema reads an empty query', () => {
    expect(read('')).toEqual({
      search: '',
      position: '',
      status: '',
      neverSignedIn: false,
      dormantDays: null,
      page: 1,
      limitPerPage: 10,
      sortBy: USER_LIST_DEFAULT_SORT.sortBy,
      sortDirection: USER_LIST_DEFAULT_SORT.sortDirection,
    });
    const { page, limitPerPage, sortBy, sortDirection } = listUsersQuerySchema.parse({});
    expect(PEOPLE.apiQuery(read(''))).toEqual({ page, limitPerPage, sortBy, sortDirection });
  });

  it('reads the values a URL holds, and the server takes them as they are', () => {
    const query =
      'search=+ada+&position=admin&status=active&dormantDays=30&page=3&limitPerPage=50&sortBy=email&sortDirection=DESC';
    const view = {
      search: 'ada',
      position: 'admin',
      status: 'active',
      dormantDays: 30,
      page: 3,
      limitPerPage: 50,
      sortBy: 'email',
      sortDirection: 'DESC',
    };
    expect(read(query)).toMatchObject(view);
    expect(serverView(query)).toMatchObject(view);
  });

  it('drops each value the server would refuse, keeping the others', () => {
    const query = [
      `search=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}`,
      'position=owner',
      'status=active',
      `dormantDays=${DORMANT_DAYS_MAX + 1}`,
      'page=0',
      'limitPerPage=7',
      'sortBy=password',
      'sortDirection=sideways',
    ].join('&');
    expect(read(query)).toEqual({ ...read(''), status: 'active' });
    // What is left is a query the shared schema takes.
    expect(listUsersQuerySchema.safeParse(PEOPLE.apiQuery(read(query))).success).toBe(true);
    expect(read('search=a%07b').search).toBe('');
    expect(read('page=2.5&dormantDays=-1')).toMatchObject({ page: 1, dormantDays: null });
  });

  it('applies the rule between filters when reading and when sending', () => {
    expect(read('neverSignedIn=true&dormantDays=30')).toMatchObject({
      neverSignedIn: true,
      dormantDays: null,
    });
    expect(
      PEOPLE.filterQuery({ ...PEOPLE.noFilters, neverSignedIn: true, dormantDays: 30 }),
    ).toEqual({ neverSignedIn: true });
  });

  it('sends only the filters that are set; an export leaves the page out', () => {
    const params = read('status=inactive&page=2');
    expect(PEOPLE.isFiltered(params)).toBe(true);
    expect(PEOPLE.isFiltered(PEOPLE.noFilters)).toBe(false);
    expect(PEOPLE.apiQuery(params, { allPages: true })).toEqual({
      status: 'inactive',
      sortBy: USER_LIST_DEFAULT_SORT.sortBy,
      sortDirection: USER_LIST_DEFAULT_SORT.sortDirection,
    });
  });

  it('sorts a new column in its first direction and turns the one it sorts by, from page 1', () => {
    expect(PEOPLE.sortChanges({ sortBy: 'fullName', sortDirection: 'ASC' }, 'email')).toEqual({
      sortBy: 'email',
      sortDirection: 'ASC',
      page: 1,
    });
    expect(PEOPLE.sortChanges({ sortBy: 'email', sortDirection: 'ASC' }, 'email')).toEqual({
      sortBy: 'email',
      sortDirection: 'DESC',
      page: 1,
    });
  });
});

describe('the params of values', () => {
  it('reads ids, days, moments and keys under another name', () => {
    const view = listView({
      filters: {
        userId: inUrlAs('person', idParam),
        from: dayParam,
        since: minuteParam,
      },
    });
    const id = '0b7d2a9c-5f0e-4d3c-9a51-2f6f1a8e3c47';
    const params = view.read(
      new URLSearchParams(`person=${id}&from=2026-02-30&since=2026-03-01T09:30`),
    );
    expect(params).toMatchObject({ userId: id, from: '', since: '2026-03-01T09:30' });
    expect(view.read(new URLSearchParams('userId=' + id)).userId).toBe('');
    expect(view.read(new URLSearchParams('person=not-an-id')).userId).toBe('');
    expect(view.filterQuery(params)).toEqual({
      userId: id,
      since: new Date('2026-03-01T09:30').toISOString(),
    });
    // Text that is no moment goes as typed, for the server to refuse by name.
    expect(view.filterQuery({ ...params, since: '11/12/2026' }).since).toBe('11/12/2026');
    expect(view.write(params, new URLSearchParams()).toString()).toBe(
      `person=${id}&since=2026-03-01T09%3A30&page=1&limitPerPage=10`,
    );
  });
});

describe('useListParams', () => {
  it('reads the view from the URL', () => {
    const { result } = renderList('/users?status=inactive&page=4');
    expect(result.current.params).toMatchObject({ status: 'inactive', page: 4, search: '' });
  });

  it('writes the changes into the URL, leaving out filters that are not set and keeping other keys', () => {
    const { result } = renderList('/users?tab=people&search=ada&status=active&page=3');
    act(() => result.current.update({ status: '', page: 1 }));

    const query = new URLSearchParams(result.current.location.search);
    expect(query.get('tab')).toBe('people');
    expect(query.get('search')).toBe('ada');
    expect(query.has('status')).toBe(false);
    expect(query.get('page')).toBe('1');
    expect(result.current.params).toMatchObject({ search: 'ada', status: '', page: 1 });
    expect(result.current.navigation).toBe('PUSH');
  });

  it('keeps the page unless the change names it', () => {
    const { result } = renderList('/users?page=3');
    act(() => result.current.update({ position: 'admin' }));
    expect(result.current.params.page).toBe(3);
  });

  it('replaces the history entry when asked (typing in a search)', () => {
    const { result } = renderList('/users');
    act(() => result.current.update({ search: 'b' }, { replace: true }));
    expect(result.current.navigation).toBe('REPLACE');
    expect(new URLSearchParams(result.current.location.search).get('search')).toBe('b');
  });
});
