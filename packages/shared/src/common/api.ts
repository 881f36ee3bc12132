/**
 * The API's envelopes (CONTRACT §2, §3): what every call answers, whatever its area.
 */

export interface PaginationMeta {
  currentPage: number;
  itemsPerPage: number;
  totalItems: number;
  totalPages: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
}

export interface ApiSuccess<T> {
  data: T;
}

/** Why a call was refused although the caller is signed in (the error body's `reason`). */
export const ACCESS_REASONS = ['two_step_setup_required', 'reauthentication_required'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** Every error body (CONTRACT §2): `code` is the HTTP status, `errors` maps fields to messages. */
export interface ApiErrorBody {
  code: number;
  message: string;
  errors?: Record<string, string>;
  /** Why a signed-in caller was refused (403): set up two-step sign-in, or confirm the password. */
  reason?: AccessReason;
}
