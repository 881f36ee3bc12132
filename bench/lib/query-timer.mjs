// Database time, as the alert rules' budget counts it (issue 37): a Kysely plugin that adds up how
// long each statement takes, from the moment Kysely hands it on to the moment its rows come back,
// for the statements made inside `measure(work)` only (the app's background jobs run beside it
// and are not counted). A transaction's begin and commit are the driver's, not statements: they
// are not in it. Statements run side by side count each in full.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * @returns {{
 *   plugin: import('kysely').KyselyPlugin,
 *   measure: <T>(work: () => Promise<T>) => Promise<{ result: T, dbMs: number, statements: number, wallMs: number }>,
 * }}
 */
export function queryTimer() {
  /** @type {AsyncLocalStorage<{ dbMs: number, statements: number }>} */
  const measuring = new AsyncLocalStorage();
  /** @type {WeakMap<object, { started: number, tally: { dbMs: number, statements: number } }>} */
  const inFlight = new WeakMap();
  return {
    plugin: {
      transformQuery({ node, queryId }) {
        const tally = measuring.getStore();
        if (tally) inFlight.set(queryId, { started: performance.now(), tally });
        return node;
      },
      async transformResult({ result, queryId }) {
        const statement = inFlight.get(queryId);
        if (!statement) return result;
        statement.tally.dbMs += performance.now() - statement.started;
        statement.tally.statements += 1;
        return result;
      },
    },
    async measure(work) {
      const tally = { dbMs: 0, statements: 0 };
      const started = performance.now();
      const result = await measuring.run(tally, work);
      return { result, ...tally, wallMs: performance.now() - started };
    },
  };
}
