declare global {
  /** zod keeps its settings here so that every copy of it loaded in the page shares them. */
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

/**
 * zod probes for `new Function` to compile faster parsers; our CSP forbids eval, and the probe
 * alone is reported as a violation. Interpreted parsers are plenty fast for forms.
 *
 * zod's own `config({ jitless: true })` would put zod's core in the entry chunk, while only the
 * lazily loaded forms use zod. zod reads its settings from this global, so they are set here,
 * before zod loads, in the same object zod then uses (config/zod.test.ts checks that zod sees it).
 */
export function configureZodBeforeItLoads(): void {
  (globalThis.__zod_globalConfig ??= {}).jitless = true;
}
