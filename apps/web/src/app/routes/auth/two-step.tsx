import { Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { paths } from '../../../config/paths.js';
import { SecondStepForm } from '../../../features/two-step/components/second-step-form.js';
import type { SecondStepChallenge } from '../../../lib/auth.js';
import { GuestOnly } from '../../guards/guest-only.js';
import { afterLogin } from './after-login.js';

/** The challenge the login page put in router state, if it is there and has the right shape. */
function readChallenge(state: unknown): SecondStepChallenge | null {
  if (typeof state !== 'object' || state === null || !('challenge' in state)) return null;
  const { challenge } = state as { challenge: unknown };
  if (typeof challenge !== 'object' || challenge === null) return null;
  const { challenge_token: token, methods } = challenge as Partial<SecondStepChallenge>;
  if (typeof token !== 'string' || token === '' || !Array.isArray(methods)) return null;
  return challenge as SecondStepChallenge;
}

/** /auth/two-step: the second step of signing in; without a challenge, back to login. */
export function TwoStepRoute() {
  const location = useLocation();
  const challenge = readChallenge(location.state);
  return (
    <GuestOnly redirectTo={afterLogin}>
      {challenge ? (
        <>
          <DocumentTitle title="Two-step sign-in" />
          <SecondStepForm challenge={challenge} />
        </>
      ) : (
        <Navigate to={paths.auth.login.path} replace />
      )}
    </GuestOnly>
  );
}
