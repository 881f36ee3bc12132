import {
  API_MESSAGES,
  INVITE_CSV_COLUMNS,
  INVITE_CSV_COLUMN_LABELS,
  POSITIONS,
  POSITION_LABELS,
  VALIDATION_MESSAGES,
  inviteRowSchema,
  matchColumns,
  normalizeEmail,
  pluralForm,
  positionFromName,
  type InviteRow,
} from '@staff-admin/shared';
import Papa from 'papaparse';

/** The biggest file read, and the most rows one file may invite. */
export const INVITE_CSV_MAX_BYTES = 1024 * 1024;
export const INVITE_CSV_MAX_ROWS = 1000;

const LABELS = INVITE_CSV_COLUMN_LABELS;

export const INVITE_CSV_MESSAGES = {
  notCsv: 'Choose a .csv file.',
  tooLarge: 'The file is larger than 1 MB.',
  unreadable: 'The file could not be read as CSV.',
  noRows: 'The file has no rows below its first line.',
  tooManyRows: `The file has more than ${INVITE_CSV_MAX_ROWS} rows. Split it into smaller files.`,
  missingColumns: (missing: string[]) =>
    `The first line must name the columns ${LABELS.email}, ${LABELS.fullName} and ${LABELS.position}; ${missing.join(' and ')} ${pluralForm(missing.length, ['is', 'are'])} missing.`,
  unknownRole: (role: string) =>
    `Unknown role “${role}”. Use one of: ${POSITIONS.map((position) => POSITION_LABELS[position]).join(', ')}.`,
  repeated: (line: number) => `Repeated in the file (first on line ${line}).`,
} as const;

/** One row of the file, as read and as checked. */
export interface InviteCsvRow {
  /** The row's line in the file (the column names are line 1). */
  line: number;
  email: string;
  fullName: string;
  /** The role as written in the file. */
  position: string;
  /** What is wrong with the row; none: it can be sent. */
  problems: string[];
  /** The invitation to send, when the row has no problem. */
  invite: InviteRow | null;
}

export type InviteCsvParse = { rows: InviteCsvRow[] } | { error: string };

/** Checks one row with the invite dialog's own rules (the shared `inviteRowSchema`). */
function checkRow(line: number, email: string, fullName: string, written: string): InviteCsvRow {
  const position = positionFromName(written);
  const parsed = inviteRowSchema.safeParse({
    email,
    ...(fullName ? { fullName } : {}),
    position: position ?? written,
  });
  const row = { line, email, fullName, position: written };
  if (parsed.success) return { ...row, problems: [], invite: parsed.data };
  const problems: string[] = [];
  for (const field of ['email', 'fullName', 'position'] as const) {
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === field);
    if (!issue) continue;
    if (field !== 'position') problems.push(issue.message);
    else if (written === '') problems.push(VALIDATION_MESSAGES.positionRequired);
    else problems.push(INVITE_CSV_MESSAGES.unknownRole(written));
  }
  return { ...row, problems, invite: null };
}

/** Marks every row whose email (in normal form) stands on an earlier line. */
function markRepeats(rows: InviteCsvRow[]): InviteCsvRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const email = normalizeEmail(row.email);
    if (email === '') return row;
    const first = firstLine.get(email);
    if (first === undefined) {
      firstLine.set(email, row.line);
      return row;
    }
    return {
      ...row,
      problems: [...row.problems, INVITE_CSV_MESSAGES.repeated(first)],
      invite: null,
    };
  });
}

/**
 * Reads a CSV file of invitations (papaparse, in the browser) and checks every row: the shared
 * row rules (email, full name, role), and emails repeated in the file. Whether an email already
 * belongs to a user is asked of the server afterwards (`markExisting`).
 */
export function parseInviteCsv(text: string): InviteCsvParse {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [header, ...lines] = parsed.data;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { error: INVITE_CSV_MESSAGES.noRows };
  }
  const index = matchColumns(header, INVITE_CSV_COLUMNS);
  const missing = (['email', 'position'] as const).filter((column) => index[column] === undefined);
  if (missing.length > 0) {
    return { error: INVITE_CSV_MESSAGES.missingColumns(missing.map((column) => LABELS[column])) };
  }

  const cell = (values: string[], at: number | undefined) =>
    at === undefined ? '' : (values[at] ?? '').trim();
  const rows: InviteCsvRow[] = [];
  lines.forEach((values, offset) => {
    // Blank lines are left out, but still counted, so line numbers match the file's.
    if (values.every((value) => value.trim() === '')) return;
    rows.push(
      checkRow(
        offset + 2,
        cell(values, index.email),
        cell(values, index.fullName),
        cell(values, index.position),
      ),
    );
  });
  if (rows.length === 0) return { error: INVITE_CSV_MESSAGES.noRows };
  if (rows.length > INVITE_CSV_MAX_ROWS) return { error: INVITE_CSV_MESSAGES.tooManyRows };
  return { rows: markRepeats(rows) };
}

/** Marks the rows whose email already belongs to a user (`taken`: normalised emails). */
export function markExisting(rows: InviteCsvRow[], taken: ReadonlySet<string>): InviteCsvRow[] {
  return rows.map((row) =>
    row.invite && taken.has(normalizeEmail(row.email))
      ? { ...row, problems: [...row.problems, API_MESSAGES.emailTaken], invite: null }
      : row,
  );
}
