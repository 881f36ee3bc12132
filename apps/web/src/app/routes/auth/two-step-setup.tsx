import { useState } from 'react';
import { Navigate } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { paths } from '../../../config/paths.js';
import { TwoStepSetupScreen } from '../../../features/two-step/components/two-step-setup-screen.js';
import { useTwoStepSetupRequired } from '../../../lib/two-step-setup-flag.js';

/**
 * /auth/two-step-setup, behind the authentication guard: a user who has nothing to set up
 * (on arrival) goes home; once here, the screen stays until its last step is done.
 */
export function TwoStepSetupRoute() {
  const required = useTwoStepSetupRequired();
  const [neededOnArrival] = useState(required);
  if (!neededOnArrival) return <Navigate to={paths.home.path} replace />;
  return (
    <>
      <DocumentTitle title="Set up two-step sign-in" />
      <TwoStepSetupScreen />
    </>
  );
}
