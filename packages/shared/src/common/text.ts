/**
 * Characters that have no place in a one-line text a person types: control characters (NUL, tab,
 * CR, LF, …) and line or paragraph separators.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * The above, and the invisible format characters (Unicode Cf) that can disguise a name: direction
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width spaces (U+200B, U+2060), the
 * byte-order mark, soft hyphens. The zero-width joiner and non-joiner (U+200D, U+200C) stay
 * allowed: Persian and Indic names and emoji need them.
 */
const CONTROL_OR_INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

export const hasControlOrInvisibleCharacters = (text: string): boolean =>
  CONTROL_OR_INVISIBLE.test(text);
