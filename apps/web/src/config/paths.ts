import { AREAS, type AreaId } from '@staff-admin/shared';

const withToken = (path: string) => (token: string) =>
  `${path}?${new URLSearchParams({ token }).toString()}`;

/** The three header areas take their paths from the shared AREAS table (SPEC §2). */
const areaRoutes = Object.fromEntries(
  AREAS.map((area) => [area.id, { path: area.path }]),
) as Record<AreaId, { path: string }>;

/** Every route of SPEC §2 in one table; link with `.path`, or `.getHref(...)` when it takes input. */
export const paths = {
  home: { path: '/' },
  auth: {
    login: { path: '/auth/login' },
    forgotPassword: { path: '/auth/forgot-password' },
    acceptInvitation: {
      path: '/auth/accept-invitation',
      getHref: withToken('/auth/accept-invitation'),
    },
    setupAccount: { path: '/auth/setup-account' },
    resetPassword: { path: '/auth/reset-password', getHref: withToken('/auth/reset-password') },
    /** The second step of signing in; the challenge travels in router state, never the URL. */
    twoStep: { path: '/auth/two-step' },
    /** Two-step sign-in to set up before anything else, when the role requires it. */
    twoStepSetup: { path: '/auth/two-step-setup' },
    /** Company sign-in's landing page: the server's callback sends the browser here with a code. */
    ssoComplete: { path: '/auth/sso/complete' },
    /** Why a company sign-in was refused, and what to do (`reason`: SSO_REFUSAL_REASONS). */
    ssoRefused: {
      path: '/auth/sso-refused',
      getHref: (reason: string) =>
        `/auth/sso-refused?${new URLSearchParams({ reason }).toString()}`,
    },
  },
  policy: { path: '/policy' },
  support: { path: '/support' },
  users: { path: '/users' },
  user: { path: '/users/:id', getHref: (id: string) => `/users/${encodeURIComponent(id)}` },
  profile: { path: '/users/profile' },
  changePassword: { path: '/users/profile/change-password' },
  financial: {
    projects: { path: '/financial/projects' },
    project: {
      path: '/financial/projects/:id',
      getHref: (id: string) => `/financial/projects/${encodeURIComponent(id)}`,
    },
    closedMonths: { path: '/financial/closed-months' },
    budgetAlerts: { path: '/financial/alerts' },
  },
  monitoring: {
    overview: { path: '/monitoring' },
    errors: { path: '/monitoring/errors' },
    errorGroup: {
      path: '/monitoring/errors/:id',
      getHref: (id: string) => `/monitoring/errors/${encodeURIComponent(id)}`,
    },
    mail: { path: '/monitoring/mail' },
    security: { path: '/monitoring/security' },
    directory: { path: '/monitoring/directory' },
    alerts: { path: '/monitoring/alerts' },
    alertIncident: {
      path: '/monitoring/alerts/incidents/:id',
      getHref: (id: string) => `/monitoring/alerts/incidents/${encodeURIComponent(id)}`,
    },
    alertChannels: { path: '/monitoring/alerts/channels' },
  },
  areas: areaRoutes,
  notFound: { path: '*' },
} as const;
