import { QUERY_RETRY } from '@staff-admin/shared';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.js';

/** A 4xx answer will not change on a second try, so only other failures are retried (once). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.code >= 400 && error.code < 500) return false;
  return failureCount < QUERY_RETRY;
}

/** The one query cache of the site; signing out clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
