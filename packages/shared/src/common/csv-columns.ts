/**
 * How the CSV imports (invitations, costs) read a file's first line: one rule for both, on both
 * sides. A name is compared without a byte order mark, letter case, spaces, underscores, hyphens
 * or dots, so "Full name", "full_name", "FULLNAME" and "fullName" are one name.
 */
export function columnKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.-]/g, '');
}

/** The names a field's column may have, the preferred first. */
export type ColumnNames<F extends string> = Readonly<Record<F, readonly string[]>>;

/**
 * The first column named one of `names`, tried in order (so a column named exactly like a field
 * wins over a synonym further left), leaving out the columns in `skip`; -1 when there is none.
 */
export function findColumn(
  headers: readonly string[],
  names: readonly string[],
  skip: ReadonlySet<number> = new Set(),
): number {
  const keys = headers.map(columnKey);
  for (const name of names) {
    const wanted = columnKey(name);
    const index = keys.findIndex((key, at) => key === wanted && !skip.has(at));
    if (index >= 0) return index;
  }
  return -1;
}

/**
 * The column of each field in a header row (`findColumn`). A column serves one field at most,
 * given to fields in the order `names` lists them, so a synonym two fields share goes to the
 * first. Fields with no column are left out.
 */
export function matchColumns<F extends string>(
  headers: readonly string[],
  names: ColumnNames<F>,
): Partial<Record<F, number>> {
  const taken = new Set<number>();
  const columns: Partial<Record<F, number>> = {};
  for (const field of Object.keys(names) as F[]) {
    const index = findColumn(headers, names[field], taken);
    if (index < 0) continue;
    columns[field] = index;
    taken.add(index);
  }
  return columns;
}
