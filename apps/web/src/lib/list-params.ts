import {
  hasControlCharacters,
  isDateValue,
  LIST_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@staff-admin/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's whole view (filters, page, page size, sort) lives in the URL query, so that a
 * reload or a shared link shows the same view and Back returns to the previous one. Each list
 * declares its view once (`listView`), with values built from the shared constants its shared
 * list-query schema is built from; `useListParams` reads and writes it. Plain checks, not zod:
 * zod and the schemas would be a third of the Errors and Mail screens (docs/decisions.md), and
 * list-params.test.ts holds a view built like the users list's to `listUsersQuerySchema`.
 */

/** The page sizes every list offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** The highest page the shared `pageNumberSchema` takes. */
export const MAX_PAGE = 1_000_000;

export const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * One value of a view in the URL. `read` turns any text (or none) into a value the server takes,
 * falling back to the default when it is not one: a URL edited by hand or from an old link falls
 * back value by value. `write` gives the text, '' to leave the key out.
 */
export interface UrlParam<T> {
  read(text: string | null): T;
  write(value: T): string;
  /** The value as the list call takes it, when not as the URL has it. */
  toApi?(value: T): string;
  /** The key in the URL when it is not the value's name. */
  key?: string;
  /** The values a one-of filter offers, and their names on screen (`ChoiceFilter`). */
  choices?: { values: readonly string[]; labels?: Readonly<Record<string, string>> };
}

const asText = (value: string) => value;

/** One of `values` (named on screen by `labels`, else as they are), or '' (not filtered). */
export const oneOfParam = <T extends string>(
  values: readonly T[],
  labels?: Readonly<Record<T, string>>,
): UrlParam<T | ''> => ({
  read: (text) => (isOneOf(values, text) ? text : ''),
  write: asText,
  choices: { values, labels },
});

/** A search, trimmed; one the server would refuse (too long, control characters) is dropped. */
export const searchParam: UrlParam<string> = {
  read: (text) => {
    const search = (text ?? '').trim();
    return search.length <= SEARCH_MAX_LENGTH && !hasControlCharacters(search) ? search : '';
  },
  write: asText,
};

/** Text the server checks itself and refuses by name (the audit trail's ids), trimmed. */
export const textParam: UrlParam<string> = { read: (text) => (text ?? '').trim(), write: asText };

/**
 * A moment: a minute date field's value (`YYYY-MM-DDTHH:mm` in the browser's time zone), or text
 * that is no such time, kept as typed for the field to show again. The call gets ISO 8601 UTC;
 * anything else goes as typed, for the server to refuse by name (the browser would read other
 * text its own way: 11/12/2026 as 12 November).
 */
export const minuteParam: UrlParam<string> = {
  read: (text) => text ?? '',
  write: asText,
  toApi: (value) => (isDateValue(value, 'minute') ? new Date(value).toISOString() : value),
};

/** A day, `YYYY-MM-DD`, or ''. */
export const dayParam: UrlParam<string> = {
  read: (text) => (text !== null && isDateValue(text) ? text : ''),
  write: asText,
};

// The shared schemas' `z.uuid()`: RFC 9562 ids, and the nil and max ones.
const UUID =
  /^(?:[\da-f]{8}-[\da-f]{4}-[1-8][\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/** A record's id, or ''. */
export const idParam: UrlParam<string> = {
  read: (text) => (text !== null && UUID.test(text) ? text : ''),
  write: asText,
};

/** `true` when the URL says so. */
export const flagParam: UrlParam<boolean> = {
  read: (text) => text === 'true',
  write: (on) => (on ? 'true' : ''),
};

const wholeNumber = (text: string | null, min: number, max: number): number | null => {
  const number = Number(text);
  return text !== null && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null;
};

/** A whole number from 1 to `max`, or null (not filtered). */
export const countParam = (max: number): UrlParam<number | null> => ({
  read: (text) => wholeNumber(text, 1, max),
  write: (count) => (count === null ? '' : String(count)),
});

/** The same value under another key in the URL ('person' for the costs' `userId`). */
export const inUrlAs = <T>(key: string, param: UrlParam<T>): UrlParam<T> => ({ ...param, key });

export type Filters = Record<string, UrlParam<unknown>>;
type ValuesOf<F> = { [K in keyof F]: F[K] extends UrlParam<infer T> ? T : never };

interface Paging {
  page: number;
  limitPerPage: number;
}
interface Sorting<S extends string> {
  sortBy: S;
  sortDirection: SortDirection;
}

export interface SortSpec<S extends string> {
  columns: readonly S[];
  /** The list's order when the URL names none (the shared `*_LIST_DEFAULT_SORT`). */
  default: Sorting<S>;
  /** The direction a column sorts in when it is chosen (pressed again, it turns). */
  first: SortDirection;
}

interface ListViewSpec<F extends Filters, S extends string> {
  filters: F;
  /** Rows a page shows when the URL says none; `LIST_DEFAULT_LIMIT` unless given. */
  pageSize?: number;
  sort?: SortSpec<S>;
  /**
   * A rule between filters, as the changes it makes to a view (the users' "never signed in"
   * wins over "no sign-in for N days").
   */
  normalize?: (filters: ValuesOf<F>) => Partial<ValuesOf<F>>;
}

/** A list's view: its filters' values, its page and page size, and its sort when it has one. */
export type ListParams<F extends Filters, S extends string = never> = ValuesOf<F> &
  Paging &
  ([S] extends [never] ? unknown : Sorting<S>);

/** The view a list declared with `listView` keeps in the URL. */
export type ParamsOf<V> = V extends ListView<infer F, infer S> ? ListParams<F, S> : never;
/** Its filters alone. */
export type FiltersOf<V> = V extends { filters: infer F extends Filters } ? ValuesOf<F> : never;

export interface ListView<F extends Filters, S extends string = never> {
  filters: F;
  sort: SortSpec<S> | undefined;
  /** The view a URL query holds. */
  read: (query: URLSearchParams) => ListParams<F, S>;
  /** `params` in the URL query, keeping the keys that are not the list's (a tab). */
  write: (params: ListParams<F, S>, current: URLSearchParams) => URLSearchParams;
  /** Every filter at its default: the changes that clear them. */
  noFilters: ValuesOf<F>;
  /** Whether a filter narrows the list. */
  isFiltered: (filters: ValuesOf<F>) => boolean;
  /** The filters that are set, as the list call's query takes them. */
  filterQuery: (filters: ValuesOf<F>) => ApiQuery;
  /** The list call's query: the filters that are set, the sort, and the page unless `allPages` (an export). */
  apiQuery: (params: ListParams<F, S>, options?: { allPages?: boolean }) => ApiQuery;
  /** The changes that sort by `column`: its first direction, or the other one if it sorts now. */
  sortChanges: (params: Sorting<S>, column: S) => Pick<Paging, 'page'> & Sorting<S>;
}

export type ApiQuery = Record<string, string | number | boolean>;

/** Whether a filter's value narrows the list ('', null and false do not). */
const isSet = (value: unknown) => value !== '' && value !== null && value !== false;

const pageParam: UrlParam<number> = {
  read: (text) => wholeNumber(text, 1, MAX_PAGE) ?? 1,
  write: String,
};
const pageSizeParam = (fallback: number): UrlParam<number> => ({
  read: (text) => {
    const size = Number(text);
    return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
  },
  write: String,
});
const sortByParam = <S extends string>(columns: readonly S[], fallback: S): UrlParam<S> => ({
  read: (text) => (isOneOf(columns, text) ? text : fallback),
  write: asText,
});

/** Declares a list's view in the URL: its filters in the order the URL writes them, then paging and sort. */
export function listView<F extends Filters, S extends string = never>(
  spec: ListViewSpec<F, S>,
): ListView<F, S> {
  const { filters, sort, normalize = () => ({}) } = spec;
  const params: Record<string, UrlParam<unknown>> = {
    ...filters,
    page: pageParam,
    limitPerPage: pageSizeParam(spec.pageSize ?? LIST_DEFAULT_LIMIT),
    ...(sort && {
      sortBy: sortByParam(sort.columns, sort.default.sortBy),
      sortDirection: sortByParam(SORT_DIRECTIONS, sort.default.sortDirection),
    }),
  };
  const entries = Object.entries(params);
  const keyOf = (name: string) => params[name]?.key ?? name;
  const normalized = <P extends ValuesOf<F>>(values: P): P => ({ ...values, ...normalize(values) });
  const filterQuery = (values: ValuesOf<F>) => {
    const view: Record<string, unknown> = normalized(values);
    return Object.fromEntries(
      Object.entries(filters)
        .filter(([name]) => isSet(view[name]))
        .map(([name, param]) => [name, param.toApi ? param.toApi(view[name]) : view[name]]),
    ) as ApiQuery;
  };

  return {
    filters,
    sort,
    read: (query) =>
      normalized(
        Object.fromEntries(
          entries.map(([name, param]) => [name, param.read(query.get(keyOf(name)))]),
        ) as ListParams<F, S>,
      ),
    write: (values, current) => {
      const query = new URLSearchParams();
      const own = new Set(entries.map(([name]) => keyOf(name)));
      for (const [key, text] of current) if (!own.has(key)) query.append(key, text);
      const view: Record<string, unknown> = normalized(values);
      for (const [name, param] of entries) {
        const text = param.write(view[name] as never);
        if (text !== '') query.set(keyOf(name), text);
      }
      return query;
    },
    noFilters: Object.fromEntries(
      Object.entries(filters).map(([name, param]) => [name, param.read(null)]),
    ) as ValuesOf<F>,
    isFiltered: (values) => Object.keys(filterQuery(values)).length > 0,
    filterQuery,
    apiQuery: (values, { allPages = false } = {}) => {
      const { page, limitPerPage, sortBy, sortDirection } = values as Partial<Paging & Sorting<S>>;
      return {
        ...filterQuery(values),
        ...(!allPages && { page, limitPerPage }),
        ...(sort && { sortBy, sortDirection }),
      } as ApiQuery;
    },
    sortChanges: ({ sortBy, sortDirection }, column) => ({
      sortBy: column,
      sortDirection:
        column !== sortBy ? (sort?.first ?? 'ASC') : sortDirection === 'ASC' ? 'DESC' : 'ASC',
      page: 1,
    }),
  };
}

export interface UpdateOptions {
  /** Replace the history entry (typing in a search) rather than add one. */
  replace?: boolean;
}

/** A list screen's view with what changes it: what the kit's list pieces take as `list`. */
export interface ListState<F extends Filters = Filters, S extends string = string> {
  view: ListView<F, S>;
  params: ListParams<F, S>;
  update: (changes: Partial<ListParams<F, S>>, options?: UpdateOptions) => void;
  /** The table's sort (`DataTable`'s `sort`), when the list sorts: a heading sorts from page 1. */
  sort: [S] extends [never]
    ? undefined
    : { by: S; direction: SortDirection; onSort: (column: S) => void };
}

/**
 * The list's view from the URL, `update`, which changes part of it, and both as `list` with the
 * table's sort. The same page in another view keeps the scroll position, and so the focused
 * control (Next, Rows per page) on screen.
 */
export function useListParams<F extends Filters, S extends string = never>(view: ListView<F, S>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => view.read(searchParams), [view, searchParams]);
  const update = useCallback(
    (changes: Partial<ListParams<F, S>>, { replace = false }: UpdateOptions = {}) => {
      setSearchParams((current) => view.write({ ...view.read(current), ...changes }, current), {
        replace,
        preventScrollReset: true,
      });
    },
    [view, setSearchParams],
  );
  const list = useMemo((): ListState<F, S> => {
    const { sortBy, sortDirection } = params as Partial<Sorting<S>>;
    const sort =
      view.sort && sortBy && sortDirection
        ? {
            by: sortBy,
            direction: sortDirection,
            onSort: (column: S) =>
              update(view.sortChanges({ sortBy, sortDirection }, column) as never),
          }
        : undefined;
    return { view, params, update, sort: sort as ListState<F, S>['sort'] };
  }, [view, params, update]);
  return [params, update, list] as const;
}
