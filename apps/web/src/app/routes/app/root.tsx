import { Navigate, useLocation } from 'react-router';
import { AppLayout } from '../../../components/layouts/app-layout.js';
import { paths } from '../../../config/paths.js';
import { useTwoStepSetupRequired } from '../../../features/two-step/hooks/use-two-step-setup-required.js';
import { returnState } from '../../../lib/return-to.js';

/**
 * The signed-in pages: the app layout, unless the user must set up two-step sign-in first (their
 * role requires it and they have none, issue 15): then its set-up screen and nothing else, which
 * ends on the page asked for.
 */
export function AppRoot() {
  const setupRequired = useTwoStepSetupRequired();
  const location = useLocation();
  if (setupRequired) {
    return <Navigate to={paths.auth.twoStepSetup.path} replace state={returnState(location)} />;
  }
  return <AppLayout />;
}
