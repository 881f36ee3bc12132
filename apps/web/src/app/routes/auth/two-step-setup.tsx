import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { paths } from '../../../config/paths.js';
import { TwoStepSetupScreen } from '../../../features/two-step/components/two-step-setup-screen.js';
import { returnPath } from '../../../lib/return-to.js';
import { useTwoStepSetupRequired } from '../../../features/two-step/hooks/use-two-step-setup-required.js';

/**
 * /auth/two-step-setup, behind the authentication guard: a user who has nothing to set up
 * (on arrival) goes on; once here, the screen stays until its last step is done. Either way
 * they go to the page they first asked for (`from`, kept by the guards), else home.
 */
export function TwoStepSetupRoute() {
  const required = useTwoStepSetupRequired();
  const [neededOnArrival] = useState(required);
  const returnTo = returnPath(useLocation().state) ?? paths.home.path;
  if (!neededOnArrival) return <Navigate to={returnTo} replace />;
  return (
    <>
      <DocumentTitle title="Set up two-step sign-in" />
      <TwoStepSetupScreen returnTo={returnTo} />
    </>
  );
}
