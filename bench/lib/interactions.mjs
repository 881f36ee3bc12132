// The interactions of issue 39, timed in Chromium with the Event Timing API: each one is a real
// input (a click or key presses sent through the DevTools protocol, trusted as a person's would
// be) on the seeded site of bench/lib/screens-site.mjs, at 1× and 4× CPU throttling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTERACTION_INP_MS } from '../budgets.mjs';
import { launchChromium } from './lighthouse.mjs';
import { SCREENS_DATA, sessionStorageItems } from './screens-site.mjs';
import { costImportCsv } from './seed-budgeting.mjs';
import { median } from './stats.mjs';

/** The CPU throttling rates the interactions are timed at (1 = none): those with a budget. */
export const CPU_RATES = Object.keys(INTERACTION_INP_MS).map(Number);

/** How many times each interaction is timed at each rate. */
export const DEFAULT_REPEATS = 5;

/** The rows of the CSV file whose preview is opened. */
export const IMPORT_ROWS = 10_000;

/**
 * Entries of the Event Timing API shorter than this are not reported (the API's floor); an
 * interaction whose every entry was shorter counts as this long.
 */
export const DURATION_THRESHOLD_MS = 16;

// A desktop window as wide as the user list.
const VIEWPORT = { width: 1440, height: 900 };

/** How long one interaction's answer may take before the run fails. */
const ANSWER_TIMEOUT_MS = 60_000;

/** Search terms typed in the user list, one a repeat: first names of the seeded people. */
const SEARCH_TERMS = ['jason', 'linda', 'emma', 'noah', 'harper', 'olivia', 'lucas', 'susan'];

/**
 * Registered in every page before its own scripts run: a PerformanceObserver for 'event' entries
 * (buffered), and `__eventTiming.since(t)`, the entries of interactions that started at `t` or
 * later, those still queued for the observer included.
 */
function installEventTiming() {
  /** @type {any[]} */
  const entries = [];
  const observer = new PerformanceObserver((list) => {
    entries.push(...list.getEntries());
  });
  observer.observe(/** @type {any} */ ({ type: 'event', durationThreshold: 16, buffered: true }));
  /** @type {any} */ (globalThis).__eventTiming = {
    since: (/** @type {number} */ start) => {
      entries.push(...observer.takeRecords());
      return entries
        .filter((entry) => entry.interactionId > 0 && entry.startTime >= start)
        .map((entry) => ({
          interactionId: entry.interactionId,
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
        }));
    },
  };
}

/**
 * @typedef {{ interactionId: number, name: string, startTime: number, duration: number }} EventEntry
 * @typedef {{ inpMs: number, answerMs: number }} Sample
 * @typedef {import('puppeteer-core').Page} Page
 * @typedef {import('./screens-site.mjs').ScreensSite} ScreensSite
 */

/**
 * The interaction to next paint of some entries, as web-vitals computes it: each interaction
 * lasts as long as its longest entry, and the figure is the longest interaction (a page with
 * fewer than 50 interactions). Without entries, every interaction was under the threshold.
 * @param {EventEntry[]} entries
 */
export function interactionToNextPaint(entries) {
  /** @type {Map<number, number>} */
  const longest = new Map();
  for (const { interactionId, duration } of entries) {
    longest.set(interactionId, Math.max(longest.get(interactionId) ?? 0, duration));
  }
  return Math.max(DURATION_THRESHOLD_MS, ...longest.values());
}

/**
 * Times one interaction: `input` sends the real input (its last event comes after `markLast`
 * if it takes it, else the whole input is the last), then `shown` says when its answer is on
 * screen. Answers the INP of the input's
 * interactions and the time from the last input to the frame that showed the answer.
 * @param {Page} page
 * @param {object} steps
 * @param {(markLast: () => Promise<void>) => Promise<void>} steps.input
 * @param {string} steps.shown JavaScript run in the page at each animation frame
 * @param {number} [steps.interactions] how many interactions the input makes (key presses)
 * @returns {Promise<Sample>}
 */
async function timeInteraction(page, { input, shown, interactions = 1 }) {
  const now = () => page.evaluate(() => performance.now());
  const count = () => page.evaluate(() => /** @type {any} */ (performance).interactionCount);
  const countBefore = await count();
  const start = await now();
  let lastInput = start;
  await input(async () => {
    lastInput = await now();
  });
  const shownAt = /** @type {number} */ (
    await (await waitInPage(page, `(${shown}) && performance.now()`)).jsonValue()
  );
  // Two frames later the interaction's own frame has been painted and its entries queued.
  const entries = /** @type {EventEntry[]} */ (
    await page.evaluate(async (since) => {
      const page = /** @type {any} */ (globalThis);
      const frame = () => new Promise((resolve) => page.requestAnimationFrame(resolve));
      await frame();
      await frame();
      return page.__eventTiming.since(since);
    }, start)
  );
  const countAfter = await count();
  if (typeof countBefore === 'number' && countAfter - countBefore < interactions) {
    throw new Error(
      `the page counted ${countAfter - countBefore} interactions of the ${interactions} sent`,
    );
  }
  return { inpMs: interactionToNextPaint(entries), answerMs: shownAt - lastInput };
}

/**
 * In the page: nothing is loading (no spinner, no table fetching).
 * Tables say `aria-busy` while they fetch; spinners turn with `animate-spin`.
 */
const SETTLED = `!document.querySelector('[aria-busy="true"], .animate-spin')`;

/**
 * Clicks the element once it is visible, enabled and still: a Puppeteer locator, which finds it
 * again when a render replaces it in between.
 * @param {Page} page
 * @param {string} selector a Puppeteer selector (`::-p-aria(...)`, `::-p-text(...)`)
 */
async function clickOn(page, selector) {
  await page.locator(selector).setTimeout(ANSWER_TIMEOUT_MS).click();
}

/**
 * Waits until `predicate`, JavaScript run in the page at each animation frame, is truthy.
 * @param {Page} page
 * @param {string} predicate
 */
async function waitInPage(page, predicate) {
  try {
    return await page.waitForFunction(predicate, { polling: 'raf', timeout: ANSWER_TIMEOUT_MS });
  } catch (error) {
    throw new Error(`on ${page.url()}, still waiting for ${predicate}`, { cause: error });
  }
}

/** @param {string} name @param {string} [role] a Puppeteer ARIA selector */
const aria = (name, role) =>
  `::-p-aria([name=${JSON.stringify(name)}]${role ? `[role="${role}"]` : ''})`;

const peopleCount = SCREENS_DATA.people.toLocaleString('en');
// In the page: the user list's rows are shown; a project's tab shows its cost rows; a screen has
// its heading and nothing loading; the Email column's sort.
const USERS_SHOWN = `document.querySelectorAll('tbody tr a').length > 0 && ${SETTLED}`;
const COSTS_SHOWN = `document.querySelectorAll('[role="tabpanel"] tbody tr').length > 1 && ${SETTLED}`;
const SCREEN_SHOWN = `Boolean(document.querySelector('h1')) && ${SETTLED}`;
const emailSort = `([...document.querySelectorAll('th')].find((th) => th.textContent === 'Email')?.getAttribute('aria-sort') ?? 'none')`;

/**
 * @typedef {object} Interaction
 * @property {string} label what the table prints
 * @property {(site: ScreensSite) => string} path the screen it starts on
 * @property {string} ready JavaScript run in the page: the screen is ready to be used
 * @property {(page: Page, repeat: number, context: { importFile: string }) => Promise<Sample[]>} run
 *   one repeat: brings the screen to where the interaction starts, times it, and undoes it
 */

/** @type {Record<string, Interaction>} */
export const INTERACTIONS = {
  selectAllMatching: {
    label: `tick "select all N users that match" (user list of ${peopleCount} people)`,
    path: () => '/users',
    ready: USERS_SHOWN,
    run: async (page) => {
      await clickOn(page, aria('Select every user on this page', 'checkbox'));
      // "Select all 100,003 users that match": the seeded people and the bench's own accounts.
      const offer = `[role="region"][aria-label="Selected users"] button::-p-text(users that match)`;
      await page.waitForSelector(offer, { visible: true });
      const sample = await timeInteraction(page, {
        input: () => clickOn(page, offer),
        shown: `Boolean(document.body.textContent?.includes('users that match are selected.'))`,
      });
      await clickOn(page, aria('Clear selection', 'button'));
      await waitInPage(
        page,
        `!document.querySelector('[role="region"][aria-label="Selected users"]')`,
      );
      return [sample];
    },
  },
  sortUsers: {
    label: 'sort the user list (by email, each way in turn)',
    path: () => '/users',
    ready: USERS_SHOWN,
    run: async (page) => {
      const before = await page.evaluate(emailSort);
      const sample = await timeInteraction(page, {
        input: () => clickOn(page, aria('Email', 'button')),
        shown: `${emailSort} !== ${JSON.stringify(before)} && ${SETTLED}`,
      });
      return [sample];
    },
  },
  searchUsers: {
    label: 'type in the user list’s search (INP of the key presses; answer after the debounce)',
    path: () => '/users',
    ready: USERS_SHOWN,
    run: async (page, repeat) => {
      const term = /** @type {string} */ (SEARCH_TERMS[repeat % SEARCH_TERMS.length]);
      const box = await page.waitForSelector(aria('Search', 'searchbox'), { visible: true });
      if (!box) throw new Error('no search box');
      // Empties the box (and the list's search) first: a repeat starts from the whole list.
      await box.click({ count: 3 });
      await page.keyboard.press('Backspace');
      await waitInPage(page, `!location.search.includes('search=') && ${SETTLED}`);
      const sample = await timeInteraction(page, {
        interactions: term.length,
        input: async (markLast) => {
          await page.keyboard.type(term.slice(0, -1), { delay: 100 });
          await markLast();
          await page.keyboard.press(/** @type {any} */ (term.slice(-1)));
        },
        shown: `location.search.includes(${JSON.stringify(`search=${term}`)}) && ${SETTLED} &&
          Boolean(document.querySelector('tbody tr')?.textContent?.toLowerCase().includes(${JSON.stringify(term)}))`,
      });
      return [sample];
    },
  },
  openCostsTab: {
    label: `open a project’s Costs tab (${SCREENS_DATA.costEntries.toLocaleString('en')} cost entries)`,
    path: (site) => `/financial/projects/${site.ids.projectId}`,
    ready: COSTS_SHOWN,
    run: async (page) => {
      await clickOn(page, aria('Budget history', 'tab'));
      await waitInPage(
        page,
        `Boolean(document.querySelector('[aria-label="Budget history"]')) && ${SETTLED}`,
      );
      const sample = await timeInteraction(page, {
        input: () => clickOn(page, aria('Costs', 'tab')),
        shown: COSTS_SHOWN,
      });
      return [sample];
    },
  },
  importPreview: {
    label: `open the CSV import’s preview of ${IMPORT_ROWS.toLocaleString('en')} rows (Budgeting)`,
    path: (site) => `/financial/projects/${site.ids.projectId}`,
    ready: COSTS_SHOWN,
    run: async (page, _repeat, { importFile }) => {
      if (!(await page.$(aria('Import costs from CSV', 'dialog'))))
        await clickOn(page, aria('Import CSV', 'button'));
      else await clickOn(page, aria('Choose another file', 'button'));
      // An <input type="file">, which takes the file as a person's choice would.
      const input = /** @type {import('puppeteer-core').ElementHandle<any> | null} */ (
        await page.waitForSelector('input[type="file"]')
      );
      if (!input) throw new Error('no file input in the import dialog');
      await input.uploadFile(importFile);
      await input.dispose();
      await page.waitForSelector(aria('Preview', 'button'), { visible: true });
      const ready = `${IMPORT_ROWS.toLocaleString('en-GB')} of ${IMPORT_ROWS.toLocaleString('en-GB')} rows ready`;
      const sample = await timeInteraction(page, {
        input: () => clickOn(page, aria('Preview', 'button')),
        shown: `Boolean(document.body.textContent?.includes(${JSON.stringify(ready)})) && ${SETTLED}`,
      });
      return [sample];
    },
  },
  switchMonitoringTabs: {
    label: 'switch Monitoring tabs (Overview → Errors → Security → Overview)',
    path: () => '/monitoring',
    ready: SCREEN_SHOWN,
    run: async (page) => {
      /** @type {Sample[]} */
      const samples = [];
      for (const [tab, path] of [
        ['Errors', '/monitoring/errors'],
        ['Security', '/monitoring/security'],
        ['Overview', '/monitoring'],
      ]) {
        samples.push(
          await timeInteraction(page, {
            input: () => clickOn(page, `nav[aria-label="Monitoring"] ${aria(String(tab), 'link')}`),
            shown: `location.pathname === ${JSON.stringify(path)} && ${SCREEN_SHOWN}`,
          }),
        );
      }
      return samples;
    },
  },
};

/**
 * @typedef {object} RateFigures
 * @property {number} inpMs the median of the samples' INP (the budget's figure)
 * @property {number} maxInpMs
 * @property {number} answerMs the median time from the last input to the answer on screen
 * @property {number[]} samplesInpMs
 * @property {number[]} samplesAnswerMs
 */

/** @param {Sample[]} samples @returns {RateFigures} */
function summarize(samples) {
  const inp = samples.map((sample) => sample.inpMs);
  const answer = samples.map((sample) => Math.round(sample.answerMs));
  return {
    inpMs: median(inp),
    maxInpMs: Math.max(...inp),
    answerMs: median(answer),
    samplesInpMs: inp,
    samplesAnswerMs: answer,
  };
}

/**
 * Times every interaction `repeats` times at each CPU rate, in a fresh headless Chromium per
 * rate, signed in as the admin (who reaches every screen named). Each interaction has its own
 * page, loaded and throttled before the first repeat.
 * @param {object} options
 * @param {string} options.executablePath
 * @param {ScreensSite} options.site
 * @param {number} [options.repeats]
 * @param {string[]} [options.only] names of INTERACTIONS to time (all by default)
 * @param {(line: string) => void} options.log
 * @returns {Promise<Record<string, { label: string } & Record<string, RateFigures>>>}
 */
export async function measureInteractions({
  executablePath,
  site,
  repeats = DEFAULT_REPEATS,
  only,
  log,
}) {
  const folder = mkdtempSync(join(tmpdir(), 'staff-admin-interactions-'));
  const importFile = join(folder, 'costs.csv');
  writeFileSync(importFile, costImportCsv(IMPORT_ROWS));
  /** @type {Record<string, any>} */
  const results = {};
  try {
    for (const rate of CPU_RATES) {
      const browser = await launchChromium(executablePath, VIEWPORT);
      try {
        await signInBrowser(browser, site);
        for (const [name, interaction] of Object.entries(INTERACTIONS)) {
          if (only && !only.includes(name)) continue;
          const page = await browser.newPage();
          try {
            await page.evaluateOnNewDocument(installEventTiming);
            const cdp = await page.createCDPSession();
            await cdp.send('Emulation.setCPUThrottlingRate', { rate });
            await showOnScreen(cdp);
            await page.goto(`${site.url}${interaction.path(site)}`);
            await waitInPage(page, interaction.ready);
            /** @type {Sample[]} */
            const samples = [];
            for (let repeat = 0; repeat < repeats; repeat += 1) {
              samples.push(...(await interaction.run(page, repeat, { importFile })));
            }
            const figures = summarize(samples);
            results[name] = { label: interaction.label, ...results[name], [`cpu${rate}`]: figures };
            log(
              `${name} at ${rate}× CPU: INP ${figures.samplesInpMs.join(', ')} ms (median ${figures.inpMs}); answer ${figures.samplesAnswerMs.join(', ')} ms`,
            );
          } finally {
            await page.close();
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}

/**
 * Has the page's frames drawn and taken as a screen would, each as it is made. Without a
 * screencast, headless Chromium does not present every frame it paints: in the CSV Preview's
 * click, the button's spinner was painted 34 ms after the click, yet the first frame presented
 * (Event Timing's "next paint") came with the server's answer, 160 to 250 ms after it. With the
 * frames taken, the same click measured 24 ms (1×) and 32 ms (4×). docs/performance.md.
 * @param {import('puppeteer-core').CDPSession} cdp
 */
async function showOnScreen(cdp) {
  cdp.on('Page.screencastFrame', ({ sessionId }) => {
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 1, everyNthFrame: 1 });
}

/**
 * Puts the admin's session in the browser's storage for the site's origin, from a page that
 * loads none of the site's assets.
 * @param {import('puppeteer-core').Browser} browser
 * @param {ScreensSite} site
 */
async function signInBrowser(browser, site) {
  const page = await browser.newPage();
  await page.goto(new URL('/api/health', site.url).href);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, sessionStorageItems(site.tokens.admin));
  await page.close();
}
