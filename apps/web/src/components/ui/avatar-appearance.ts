/**
 * How an avatar without a picture looks: an initial on a colour derived from the name
 * (SPEC §3). Pure functions, so the same name looks the same everywhere.
 */

/** Base colours, each dark enough for white text (contrast at least 4.5:1). */
export const AVATAR_PALETTE = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0e7490',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#a21caf',
  '#be185d',
  '#334155',
] as const;

/** For a name with nothing left to derive a colour from. */
export const AVATAR_NEUTRAL_COLOR = '#475569';

/** A Latin letter, or a Thai consonant (a leading vowel such as เ is written before it). */
const INITIAL_LETTER = /[\p{Script=Latin}\u0E01-\u0E2E]/u;

/**
 * The part of a name that identifies the person: drops anything in parentheses and any
 * text up to a closing square bracket, so "[Team] Alice (contractor)" becomes "Alice".
 */
export function significantName(name: string): string {
  return name
    .replace(/\([^()]*\)/g, ' ')
    .replace(/^.*\]/s, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The significant name, or the whole name when nothing else is left of it. */
function nameKey(name: string): string {
  return significantName(name) || name.replace(/\s+/g, ' ').trim();
}

/** The first Thai or Latin letter of the first word, upper-cased; '' when there is none. */
export function avatarInitial(name: string): string {
  const firstWord = nameKey(name).split(' ')[0] ?? '';
  const letter = INITIAL_LETTER.exec(firstWord)?.[0];
  return letter ? letter.toLocaleUpperCase('en-GB') : '';
}

/** 32-bit FNV-1a over UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** 32-bit djb2 (xor variant); independent of FNV-1a so the two picks vary separately. */
function djb2(text: string): number {
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash, 33) ^ text.charCodeAt(i);
  }
  return hash >>> 0;
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function rgbToHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** A dark colour (HSL lightness 30%) whose hue comes from a hash of the name. */
function hashColor(hash: number): Rgb {
  const hue = hash % 360;
  const saturation = 0.6;
  const lightness = 0.3;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sectors: Rgb[] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r, g, b] = sectors[Math.floor(hue / 60)] ?? [0, 0, 0];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/**
 * 75% of a palette colour picked by the name plus 25% of a colour hashed from it. Letter case
 * and spacing do not change the result. Both parts are dark, so the mix is too.
 */
export function avatarColor(name: string): string {
  const key = nameKey(name).toLocaleLowerCase('en-GB');
  if (!key) return AVATAR_NEUTRAL_COLOR;
  const base = hexToRgb(AVATAR_PALETTE[fnv1a(key) % AVATAR_PALETTE.length] ?? AVATAR_NEUTRAL_COLOR);
  const hashed = hashColor(djb2(key));
  return rgbToHex([
    base[0] * 0.75 + hashed[0] * 0.25,
    base[1] * 0.75 + hashed[1] * 0.25,
    base[2] * 0.75 + hashed[2] * 0.25,
  ]);
}
