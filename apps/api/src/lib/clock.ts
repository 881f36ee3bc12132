/** Times are stored and compared as ISO-8601 UTC strings on both engines. */
export const toIso = (epochMs: number): string => new Date(epochMs).toISOString();
export const nowIso = (): string => new Date().toISOString();
