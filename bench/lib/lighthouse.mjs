import { existsSync } from 'node:fs';
import { navigation } from 'lighthouse';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { LIGHTHOUSE_PRESETS, SCREENS } from './screens.mjs';
import { sessionStorageItems } from './screens-site.mjs';
import { median } from './stats.mjs';

/** @type {Record<import('./screens.mjs').LighthousePreset, import('lighthouse').Config>} */
const CONFIGS = { mobile: defaultConfig, desktop: desktopConfig };

/** Lighthouse category ids and the keys they get in the results. */
const CATEGORIES = /** @type {const} */ ([
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'bestPractices'],
]);

const METRICS = /** @type {const} */ ([
  ['first-contentful-paint', 'fcpMs'],
  ['largest-contentful-paint', 'lcpMs'],
  ['total-blocking-time', 'tbtMs'],
  ['cumulative-layout-shift', 'cls'],
  ['speed-index', 'speedIndexMs'],
]);

/** Debian's Chromium unless CHROMIUM_PATH names another; never a downloaded browser. */
export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : undefined;
}

/** Headless as root, with no traffic of its own. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A fresh headless Chromium, as the screen benches (Lighthouse, the interactions) launch it.
 * @param {string} executablePath
 * @param {import('puppeteer-core').Viewport | null} defaultViewport null: the window's own
 */
export const launchChromium = (executablePath, defaultViewport) =>
  puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, defaultViewport });

/**
 * @typedef {object} Audit
 * @property {number} performance 0–100
 * @property {number} accessibility 0–100
 * @property {number} bestPractices 0–100
 * @property {Record<string, number>} metrics
 * @property {string[]} failedAudits accessibility and best-practices audits below 1, as "id: title"
 */

/**
 * What a page holds before Lighthouse loads it: `localStorage` entries for the origin (a
 * session), or the router state of the history entry (the second step's challenge, which the
 * login page hands over in router state, never in the URL).
 * @typedef {{ localStorage?: Record<string, string>, historyState?: unknown }} Prepared
 */

/**
 * One Lighthouse run of `url` with a preset in a fresh headless Chromium with an empty profile
 * and cache. With `prepared`, a page that loads none of the site's assets (/api/health) sets it
 * up first and Lighthouse keeps it (`disableStorageReset`): `localStorage` is set for the origin;
 * a history state is given to that page's entry, moved to `url` (replaceState), which Lighthouse
 * then loads by reloading the page, as a reload keeps an entry's state.
 * @param {object} options
 * @param {string} options.executablePath
 * @param {string} options.url
 * @param {import('./screens.mjs').LighthousePreset} options.preset
 * @param {Prepared} [options.prepared]
 * @returns {Promise<Audit>}
 */
async function auditPage({ executablePath, url, preset, prepared }) {
  const browser = await launchChromium(executablePath, null);
  try {
    const page = await browser.newPage();
    if (prepared) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(
        (items, state, path) => {
          // Runs in the page, where localStorage and history exist.
          const { localStorage, history } =
            /** @type {{ localStorage: { setItem(k: string, v: string): void }, history: { replaceState(s: unknown, t: string, u: string): void } }} */ (
              /** @type {unknown} */ (globalThis)
            );
          for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
          if (state !== undefined) history.replaceState(state, '', path);
        },
        prepared.localStorage ?? {},
        prepared.historyState,
        new URL(url).pathname,
      );
    }
    const requestor =
      prepared?.historyState === undefined
        ? url
        : async () => {
            await page.reload();
          };
    const result = await navigation(
      // Lighthouse's own puppeteer-core types and ours may differ by a patch version.
      /** @type {any} */ (page),
      requestor,
      {
        config: CONFIGS[preset],
        flags: {
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES.map(([id]) => id),
          disableStorageReset: Boolean(prepared),
        },
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) {
      throw new Error(`Lighthouse audited ${landed} instead of ${new URL(url).pathname}`);
    }
    const score = (/** @type {string} */ id) => {
      const value = lhr.categories[id]?.score;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} score for ${url}`);
      return Math.round(value * 100);
    };
    /** @type {Record<string, number>} */
    const metrics = {};
    for (const [id, key] of METRICS) {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value === 'number') metrics[key] = value;
    }
    const failedAudits = ['accessibility', 'best-practices'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map((audit) => `${audit?.id}: ${audit?.title}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      metrics,
      failedAudits,
    };
  } finally {
    await browser.close();
  }
}

/**
 * What a screen's page holds before the audit: nothing signed out, the session of its role, or a
 * fresh second-step challenge of the site's two-step account.
 * @param {import('./screens.mjs').Screen} screen
 * @param {import('./screens-site.mjs').ScreensSite} site
 * @returns {Promise<Prepared | undefined>}
 */
async function prepare(screen, site) {
  switch (screen.session) {
    case 'signedOut':
      return undefined;
    case 'twoStep':
      // React Router's browser history keeps the state it was given under `usr`.
      return { historyState: { usr: { challenge: await site.twoStepChallenge() }, idx: 0 } };
    default:
      return { localStorage: sessionStorageItems(site.tokens[screen.session]) };
  }
}

/**
 * Medians of `runs` Lighthouse runs of each screen (screens.mjs) with each preset, on the seeded
 * site, each screen in its own session; the screens and presets alternate within a run.
 * @param {object} options
 * @param {string} options.executablePath
 * @param {import('./screens-site.mjs').ScreensSite} options.site
 * @param {number} options.runs
 * @param {(line: string) => void} options.log
 */
export async function measureLighthouse({ executablePath, site, runs, log }) {
  /** @type {Map<string, Audit[]>} */
  const audits = new Map();
  for (let run = 1; run <= runs; run += 1) {
    for (const screen of SCREENS) {
      const url = `${site.url}${screen.path(site.ids)}`;
      for (const preset of LIGHTHOUSE_PRESETS) {
        const audit = await withRetries(
          async () =>
            auditPage({ executablePath, url, preset, prepared: await prepare(screen, site) }),
          log,
        );
        const key = `${screen.id}.${preset}`;
        audits.set(key, [...(audits.get(key) ?? []), audit]);
        log(
          `run ${run}/${runs} ${screen.id} ${preset}: performance ${audit.performance}, accessibility ${audit.accessibility}, best practices ${audit.bestPractices}, LCP ${Math.round(audit.metrics.lcpMs ?? NaN)} ms, CLS ${(audit.metrics.cls ?? NaN).toFixed(3)}, TBT ${Math.round(audit.metrics.tbtMs ?? NaN)} ms`,
        );
      }
    }
  }
  return Object.fromEntries(
    SCREENS.map((screen) => [
      screen.id,
      Object.fromEntries(
        LIGHTHOUSE_PRESETS.map((preset) => [
          preset,
          summarizeAudits(audits.get(`${screen.id}.${preset}`) ?? []),
        ]),
      ),
    ]),
  );
}

/** Lighthouse runs that fail for their own reasons (NO_NAVSTART, a lost trace) are retried. */
const ATTEMPTS = 3;

/**
 * @param {() => Promise<Audit>} audit
 * @param {(line: string) => void} log
 */
async function withRetries(audit, log) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit();
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      log(`attempt ${attempt} failed, retrying: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/** @param {Audit[]} list */
function summarizeAudits(list) {
  const metricNames = [...new Set(list.flatMap((audit) => Object.keys(audit.metrics)))];
  return {
    performance: median(list.map((audit) => audit.performance)),
    accessibility: median(list.map((audit) => audit.accessibility)),
    bestPractices: median(list.map((audit) => audit.bestPractices)),
    metrics: Object.fromEntries(
      metricNames.map((metric) => [
        metric,
        median(list.flatMap((audit) => audit.metrics[metric] ?? [])),
      ]),
    ),
    failedAudits: [...new Set(list.flatMap((audit) => audit.failedAudits))],
    runs: list.map(({ performance, accessibility, bestPractices }) => ({
      performance,
      accessibility,
      bestPractices,
    })),
  };
}
