import type { ApiErrorBody } from '@staff-admin/shared';
import { isApiError } from '../../../lib/api-error.js';

/**
 * The server's error body (a plain object, as the API client rejects with), not a browser
 * error: a WebAuthn failure is a DOMException, whose legacy numeric `code` and `message` look
 * like the contract's error body.
 */
export function isServerError(error: unknown, code?: number): error is ApiErrorBody {
  return (
    typeof error === 'object' &&
    error !== null &&
    Object.getPrototypeOf(error) === Object.prototype &&
    isApiError(error, code)
  );
}
