/**
 * Route config for the rate-limit plugin: `perMinute` requests per client IP and minute, each
 * limited route counted on its own. Auth calls use RATE_LIMIT_PER_MINUTE, uploads
 * UPLOADS_PER_MINUTE.
 */
export const perMinuteRateLimit = (perMinute: number) => ({
  rateLimit: { max: perMinute, timeWindow: 60_000 },
});

/** Route config for every auth call: RATE_LIMIT_PER_MINUTE requests per client IP. */
export const authRateLimit = perMinuteRateLimit;
