import {
  createBrowserRouter,
  Navigate,
  Outlet,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import { ErrorScreen } from '../components/errors/error-screen.js';
import { RouteAnnouncer } from '../components/layouts/route-announcer.js';
import { DeferredToaster } from '../components/ui/deferred-toaster.js';
import { FullHeightSpinner } from '../components/ui/spinner.js';
import { paths } from '../config/paths.js';
import { RequireAuth } from './guards/require-auth.js';
import type * as FinancialScreens from './routes/app/financial/screens.js';
import type * as MonitoringScreens from './routes/app/monitoring/screens.js';

/** Rendered once the first page's chunks are in; hydrateFallbackElement stands in until then. */
function Root() {
  return (
    <>
      <ScrollRestoration />
      <RouteAnnouncer />
      <Outlet />
      <DeferredToaster />
    </>
  );
}

/** The invitation link and the pending user's redirect target show the same setup screen. */
const loadSetupAccountRoute = async () => ({
  Component: (await import('./routes/auth/setup-account.js')).SetupAccountRoute,
});

/** A Monitoring screen past the Overview, loaded through `monitoring/screens.ts` (see there). */
const monitoringScreen = (screen: keyof typeof MonitoringScreens) => async () =>
  (await import('./routes/app/monitoring/screens.js'))[screen]();

/** A Budgeting screen past the project pages, loaded through `financial/screens.ts`. */
const financialScreen = (screen: keyof typeof FinancialScreens) => async () =>
  (await import('./routes/app/financial/screens.js'))[screen]();

/** The Monitoring screens, each at its `paths.monitoring` entry of the same name. */
const MONITORING_SCREENS = [
  'errors',
  'errorGroup',
  'mail',
  'security',
  'directory',
  'alerts',
  'alertIncident',
  'alertChannels',
] as const satisfies readonly (keyof typeof MonitoringScreens & keyof typeof paths.monitoring)[];

/**
 * SPEC §2's routes. Every screen and layout is its own chunk, loaded with its route, so the
 * login page downloads only what it shows.
 */
export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <FullHeightSpinner />,
    children: [
      {
        lazy: async () => ({
          Component: (await import('../components/layouts/auth-layout.js')).AuthLayout,
        }),
        children: [
          {
            path: paths.auth.login.path,
            lazy: async () => ({ Component: (await import('./routes/auth/login.js')).LoginRoute }),
          },
          {
            path: paths.auth.forgotPassword.path,
            lazy: async () => ({
              Component: (await import('./routes/auth/forgot-password.js')).ForgotPasswordRoute,
            }),
          },
          {
            path: paths.auth.acceptInvitation.path,
            lazy: loadSetupAccountRoute,
          },
          {
            path: paths.auth.setupAccount.path,
            lazy: loadSetupAccountRoute,
          },
          {
            path: paths.auth.resetPassword.path,
            lazy: async () => ({
              Component: (await import('./routes/auth/reset-password.js')).ResetPasswordRoute,
            }),
          },
          {
            path: paths.auth.twoStep.path,
            lazy: async () => ({
              Component: (await import('./routes/auth/two-step.js')).TwoStepRoute,
            }),
          },
          {
            path: paths.auth.ssoComplete.path,
            lazy: async () => ({
              Component: (await import('./routes/auth/sso-complete.js')).SsoCompleteRoute,
            }),
          },
          {
            path: paths.auth.ssoRefused.path,
            lazy: async () => ({
              Component: (await import('./routes/auth/sso-refused.js')).SsoRefusedRoute,
            }),
          },
        ],
      },
      {
        lazy: async () => ({
          Component: (await import('../components/layouts/public-layout.js')).PublicLayout,
        }),
        children: [
          {
            path: paths.policy.path,
            lazy: async () => ({
              Component: (await import('./routes/public/policy.js')).PolicyRoute,
            }),
          },
          {
            path: paths.support.path,
            lazy: async () => ({
              Component: (await import('./routes/public/support.js')).SupportRoute,
            }),
          },
        ],
      },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            // Signed in, outside the app layout (AppRoot sends a user here): the set-up
            // of a two-step sign-in the user's role requires.
            lazy: async () => ({
              Component: (await import('../components/layouts/auth-layout.js')).AuthLayout,
            }),
            children: [
              {
                path: paths.auth.twoStepSetup.path,
                lazy: async () => ({
                  Component: (await import('./routes/auth/two-step-setup.js')).TwoStepSetupRoute,
                }),
              },
            ],
          },
          {
            lazy: async () => ({
              Component: (await import('./routes/app/root.js')).AppRoot,
            }),
            children: [
              { path: paths.home.path, element: <Navigate to={paths.profile.path} replace /> },
              {
                path: paths.profile.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/profile.js')).ProfileRoute,
                }),
              },
              {
                path: paths.changePassword.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/change-password.js')).ChangePasswordRoute,
                }),
              },
              {
                path: paths.users.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/users.js')).UsersRoute,
                }),
              },
              {
                path: paths.user.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/user-detail.js')).UserDetailRoute,
                }),
              },
              {
                path: paths.financial.projects.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/financial/projects.js')).ProjectsRoute,
                }),
              },
              {
                path: paths.financial.project.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/financial/project.js')).ProjectRoute,
                }),
              },
              { path: paths.financial.closedMonths.path, lazy: financialScreen('closedMonths') },
              { path: paths.financial.budgetAlerts.path, lazy: financialScreen('budgetAlerts') },
              {
                path: paths.monitoring.overview.path,
                lazy: async () => ({
                  Component: (await import('./routes/app/monitoring/overview.js')).OverviewRoute,
                }),
              },
              ...MONITORING_SCREENS.map((screen) => ({
                path: paths.monitoring[screen].path,
                lazy: monitoringScreen(screen),
              })),
            ],
          },
        ],
      },
      {
        path: paths.notFound.path,
        lazy: async () => ({
          Component: (await import('../components/errors/not-found.js')).NotFound,
        }),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
