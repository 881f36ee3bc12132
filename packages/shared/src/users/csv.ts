/** User management's CSV files: the invitation file's columns and the user export's rows. */
import { columnKey, type ColumnNames } from '../common/csv-columns.js';
import { POSITIONS, POSITION_LABELS, STATUS_LABELS, type Position } from '../auth/roles.js';
import type { User } from './types.js';

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

/** The CSV export's columns, in order (GET /users/export.csv). */
export const USER_EXPORT_COLUMNS = [
  'Full name',
  'Email',
  'Role',
  'Status',
  'Record date',
  'Last sign-in',
  'Invited by',
  'Invitation expires',
  '2-step',
] as const;

/** One user as a row of the CSV export: dates as ISO 8601 UTC, empty when there is none. */
export const userExportRow = (user: User): string[] => [
  user.fullName ?? '',
  user.email,
  POSITION_LABELS[user.position],
  STATUS_LABELS[user.status],
  user.createdAt,
  user.lastSignInAt ?? '',
  user.invitedBy?.fullName ?? '',
  user.invitation?.expiresAt ?? '',
  user.twoStepEnabled ? 'On' : 'Off',
];
