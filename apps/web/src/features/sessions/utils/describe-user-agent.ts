/** Checked in order: Edge, Opera and Samsung Internet also say "Chrome", Chrome also "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/^(?=.*\bVersion\/\d).*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

/** iPad and iPhone also say "Mac OS X", Android also "Linux", ChromeOS also "Linux" on some. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const UNKNOWN_DEVICE = 'Unknown device';
const MAX_RAW_LENGTH = 60;

/**
 * A short, readable name for the device behind a user agent: "Firefox on Windows", "Safari on
 * iOS". Only the common browsers and systems are told apart; anything else shows the start of
 * the raw text, and a missing one "Unknown device".
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent?.trim();
  if (!text) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  const known = browser && system ? `${browser} on ${system}` : (browser ?? system);
  if (known) return known;
  return text.length > MAX_RAW_LENGTH ? `${text.slice(0, MAX_RAW_LENGTH - 1)}…` : text;
}
