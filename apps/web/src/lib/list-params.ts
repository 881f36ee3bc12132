/** What every list screen's URL state shares: the page sizes offered and the checks of a value. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_PAGE = 1_000_000;

export const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);
