import { COST_IMPORT_FIELD_LABELS, type CostImportField } from './budgeting-constants.js';
import { POSITIONS, POSITION_LABELS, type Position } from './roles.js';

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

/**
 * The invitation file's columns: the API's field names, the headings the site shows and the
 * user export writes (Email, Full name, Role), and what people commonly write instead.
 */
export const INVITE_CSV_COLUMNS = {
  email: ['email', 'email address', 'mail'],
  fullName: ['fullName', 'name', 'display name'],
  position: ['position', 'role'],
} as const satisfies ColumnNames<'email' | 'fullName' | 'position'>;

/** The heading each invitation column has on the site (and in the user export). */
export const INVITE_CSV_COLUMN_LABELS = {
  email: 'Email',
  fullName: 'Full name',
  position: 'Role',
} as const satisfies Record<keyof typeof INVITE_CSV_COLUMNS, string>;

/**
 * The cost file's columns: each field's own name (the cost export's headings), the label the
 * import wizard shows, then common synonyms.
 */
export const COST_IMPORT_COLUMNS: ColumnNames<CostImportField> = {
  date: ['date', COST_IMPORT_FIELD_LABELS.date],
  category: ['category', COST_IMPORT_FIELD_LABELS.category],
  description: ['description', COST_IMPORT_FIELD_LABELS.description],
  amount: ['amount', COST_IMPORT_FIELD_LABELS.amount, 'cost'],
  currency: ['currency', COST_IMPORT_FIELD_LABELS.currency],
  person: ['person', COST_IMPORT_FIELD_LABELS.person, 'person email', 'email'],
  hours: ['hours', COST_IMPORT_FIELD_LABELS.hours, 'hrs'],
};

/**
 * A role as a file writes it: its value (`project_manager`) or the name the site shows
 * (`Project manager`), compared like column names (any case, spaces or underscores).
 */
export function positionFromName(text: string): Position | null {
  const wanted = columnKey(text.trim());
  if (wanted === '') return null;
  return (
    POSITIONS.find(
      (position) =>
        columnKey(position) === wanted || columnKey(POSITION_LABELS[position]) === wanted,
    ) ?? null
  );
}
