// How every launcher runs the built API server (npm start, the bench, the browser tests, the
// sqlmap check): the one place for the Node flags it runs with (docs/operations.md, "API
// processes").
//
// --max-semi-space-size=8: V8's young generation grows to 2 × 8 MB instead of 2 × 16 MB. It
// fills with the start's allocations and stays at its largest for the process's life, so this
// takes about 14 MB off every API process's memory; the profile call's CPU per request and
// throughput were the same in alternating runs (docs/performance.md).

/** The arguments of `node` that run the built server, from the repository's root. */
export const API_SERVER_ARGS = ['--max-semi-space-size=8', 'apps/api/dist/server.js'];
