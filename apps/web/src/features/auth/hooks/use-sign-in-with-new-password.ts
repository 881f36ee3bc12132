import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { login } from '../../../lib/auth.js';
import { toast } from '../../../lib/toast.js';

/**
 * After a password was set (account setup, reset), signs the user in with it (SPEC §7), says
 * so and opens their profile. The emailed link is used up, so its page is replaced in history.
 * Should the sign-in itself fail, the password is set all the same: the user is told why and
 * sent to the login screen to sign in by hand.
 */
export function useSignInWithNewPassword() {
  const navigate = useNavigate();
  return useCallback(
    async (email: string, password: string, successMessage: string) => {
      let secondStep;
      try {
        ({ secondStep } = await login(email, password));
      } catch (error) {
        toast.error(getErrorMessage(error));
        await navigate(paths.auth.login.path, { replace: true });
        return;
      }
      toast.success(successMessage);
      if (secondStep) {
        // The account has a second factor: the password alone does not sign in.
        await navigate(paths.auth.twoStep.path, {
          replace: true,
          state: { challenge: secondStep },
        });
        return;
      }
      await navigate(paths.profile.path, { replace: true });
    },
    [navigate],
  );
}
