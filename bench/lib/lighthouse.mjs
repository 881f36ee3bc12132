import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { median } from './stats.mjs';

export const LIGHTHOUSE_PRESET = 'desktop';

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

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @typedef {object} Audit
 * @property {number} performance 0–100
 * @property {number} accessibility 0–100
 * @property {number} bestPractices 0–100
 * @property {Record<string, number>} metrics
 * @property {string[]} failedAudits accessibility and best-practices audits below 1, as "id: title"
 */

/**
 * One Lighthouse run (desktop preset) of `url` in a fresh headless Chromium with an empty
 * profile and cache. With `localStorage`, those entries are set for the origin first, on a page
 * that loads none of the site's assets, and Lighthouse keeps them (`disableStorageReset`).
 * @param {object} options
 * @param {string} options.executablePath
 * @param {string} options.url
 * @param {Record<string, string>} [options.localStorage]
 * @returns {Promise<Audit>}
 */
async function auditPage({ executablePath, url, localStorage }) {
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    defaultViewport: null,
  });
  try {
    if (localStorage) {
      const prep = await browser.newPage();
      await prep.goto(new URL('/api/health', url).href);
      await prep.evaluate((items) => {
        // Runs in the page, where localStorage exists.
        const storage = /** @type {{ localStorage: { setItem(k: string, v: string): void } }} */ (
          /** @type {unknown} */ (globalThis)
        ).localStorage;
        for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
      }, localStorage);
      await prep.close();
    }
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES.map(([id]) => id),
        disableStorageReset: Boolean(localStorage),
      },
      desktopConfig,
      // Lighthouse's own puppeteer-core types and ours may differ by a patch version.
      /** @type {any} */ (page),
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
 * Medians of `runs` Lighthouse runs for /auth/login (signed out) and /users/profile (signed in
 * with the given tokens under the site's storage keys), runs of the two pages alternating.
 * @param {object} options
 * @param {string} options.executablePath
 * @param {string} options.apiUrl
 * @param {{ access_token: string, refresh_token: string }} options.tokens
 * @param {number} options.runs
 * @param {(line: string) => void} options.log
 */
export async function measureLighthouse({ executablePath, apiUrl, tokens, runs, log }) {
  const pages = {
    login: { url: `${apiUrl}/auth/login`, localStorage: undefined },
    profile: {
      url: `${apiUrl}/users/profile`,
      // The storage keys of SPEC §9 (STORAGE_KEYS in @staff-admin/shared).
      localStorage: { act: tokens.access_token, rft: tokens.refresh_token },
    },
  };
  /** @type {Record<string, Audit[]>} */
  const audits = { login: [], profile: [] };
  for (let run = 1; run <= runs; run += 1) {
    for (const [name, page] of Object.entries(pages)) {
      const audit = await withRetries(() => auditPage({ executablePath, ...page }), log);
      audits[name]?.push(audit);
      log(
        `run ${run}/${runs} ${new URL(page.url).pathname}: performance ${audit.performance}, accessibility ${audit.accessibility}, best practices ${audit.bestPractices}`,
      );
    }
  }
  return Object.fromEntries(
    Object.entries(audits).map(([name, list]) => [name, summarizeAudits(list)]),
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
