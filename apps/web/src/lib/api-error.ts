import { TOAST_MESSAGES, type ApiErrorBody } from '@staff-admin/shared';

/** True for the server's error body (CONTRACT §2), optionally with a given HTTP status. */
export function isApiError(error: unknown, code?: number): error is ApiErrorBody {
  if (typeof error !== 'object' || error === null) return false;
  const body = error as Partial<ApiErrorBody>;
  if (typeof body.code !== 'number' || typeof body.message !== 'string') return false;
  return code === undefined || body.code === code;
}

/** The text to show for a failed call: the server's message, else SPEC §8's fallback. */
export function getErrorMessage(error: unknown): string {
  return isApiError(error) && error.message.trim() !== ''
    ? error.message
    : TOAST_MESSAGES.fallbackError;
}
