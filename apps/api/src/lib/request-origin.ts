/** Where a request came from (the client IP as TRUST_PROXY sees it, and its user agent). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** No origin: the system itself (the retention job) or the CLI. */
export const NO_ORIGIN: RequestOrigin = { ip: null, userAgent: null };
