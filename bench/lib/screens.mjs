// The main screens of issue 39, each with the session it is seen in. The Lighthouse audits
// (lighthouse.mjs), their budgets (budgets.mjs) and the table (report.mjs) take them from here.

/**
 * @typedef {object} Screen
 * @property {string} id its key in the figures and the budget ids
 * @property {string} label the path as the table prints it
 * @property {'signedOut' | 'twoStep' | 'admin' | 'finance'} session signed out, between the
 *   password and the second step, or signed in with that role
 * @property {(ids: { projectId: string, errorGroupId: string }) => string} path
 */

/** @type {Screen[]} */
export const SCREENS = [
  { id: 'login', label: '/auth/login', session: 'signedOut', path: () => '/auth/login' },
  { id: 'twoStep', label: '/auth/two-step', session: 'twoStep', path: () => '/auth/two-step' },
  { id: 'profile', label: '/users/profile', session: 'admin', path: () => '/users/profile' },
  { id: 'users', label: '/users (100,000 people)', session: 'admin', path: () => '/users' },
  {
    id: 'project',
    label: '/financial/projects/:id, Costs (100,000 entries)',
    session: 'finance',
    path: ({ projectId }) => `/financial/projects/${projectId}`,
  },
  {
    id: 'monitoring',
    label: '/monitoring (Overview)',
    session: 'admin',
    path: () => '/monitoring',
  },
  { id: 'errors', label: '/monitoring/errors', session: 'admin', path: () => '/monitoring/errors' },
  {
    id: 'errorGroup',
    label: '/monitoring/errors/:id',
    session: 'admin',
    path: ({ errorGroupId }) => `/monitoring/errors/${errorGroupId}`,
  },
  {
    id: 'auditTrail',
    label: '/monitoring/security (audit trail)',
    session: 'admin',
    path: () => '/monitoring/security',
  },
];

/**
 * Lighthouse's two presets: its default config (a mobile screen, 4× CPU slowdown and slow 4G,
 * simulated) and its desktop config.
 */
export const LIGHTHOUSE_PRESETS = /** @type {const} */ (['mobile', 'desktop']);

/** @typedef {(typeof LIGHTHOUSE_PRESETS)[number]} LighthousePreset */
