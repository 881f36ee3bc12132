/** `%`, `_` and `\` match themselves: each is escaped with `\` (used as the ESCAPE character). */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (char) => `\\${char}`);
