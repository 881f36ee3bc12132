import { TWO_STEP_MESSAGES, type TotpSetup } from '@staff-admin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, LogOutIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { logout } from '../../../lib/auth.js';
import { toast } from '../../../lib/toast.js';
import { profileQueryKey } from '../api/keys.js';
import { useTwoStepStatus } from '../api/get-two-step-status.js';
import { useStartTotpSetup } from '../api/start-totp-setup.js';
import { useAddPasskey } from '../hooks/use-add-passkey.js';
import { clearTwoStepSetupFlag } from '../hooks/use-two-step-setup-required.js';
import { RecoveryCodesView } from './recovery-codes-view.js';
import { TotpSetupPanel } from './totp-setup-panel.js';
import { TwoStepHeader } from './two-step-header.js';

type Step =
  { name: 'choose' } | { name: 'totp'; setup: TotpSetup } | { name: 'codes'; codes: string[] };

/**
 * The forced set-up (issue 15): the user's role requires two-step sign-in and they have none,
 * so this is the only screen they can reach until it is done. An authenticator app or a
 * passkey, then the recovery codes, then on to `returnTo` (the page they first asked for).
 * Logging out stays possible.
 */
export function TwoStepSetupScreen({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [finishing, setFinishing] = useState(false);
  const reauthenticated = useReauthenticated();
  const startTotp = useStartTotpSetup();
  // Offered once the server has said passkeys work here (not when APP_URL is an IP address).
  const passkeysAvailable = useTwoStepStatus().data?.passkeysAvailable;

  const finish = async () => {
    setFinishing(true);
    clearTwoStepSetupFlag();
    // The profile now says two-step sign-in is on, so the app's guard lets the user through.
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    await navigate(returnTo, { replace: true });
  };
  const addPasskey = useAddPasskey({ run: reauthenticated.run, onDone: () => void finish() });

  const chooseTotp = async () => {
    try {
      const setup = await reauthenticated.run(() => startTotp.mutateAsync());
      setStep({ name: 'totp', setup });
    } catch (error) {
      if (!isReauthenticationCancelled(error)) toast.error(getErrorMessage(error));
    }
  };

  let body;
  if (step.name === 'totp') {
    body = (
      <TotpSetupPanel
        setup={step.setup}
        focusHeading
        headingLevel={2}
        onCancel={() => setStep({ name: 'choose' })}
        onConfirmed={(codes) => {
          if (codes.length > 0) setStep({ name: 'codes', codes });
          else void finish();
        }}
      />
    );
  } else if (step.name === 'codes') {
    body = (
      <RecoveryCodesView
        codes={step.codes}
        headingLevel={2}
        doneLabel="I have saved them, continue"
        onDone={() => void finish()}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <Button
          size="large"
          fullWidth
          isLoading={startTotp.isPending}
          onClick={() => void chooseTotp()}
        >
          <SmartphoneIcon />
          Set up authenticator app
        </Button>
        {passkeysAvailable === true && (
          <Button
            variant="secondary"
            size="large"
            fullWidth
            isLoading={addPasskey.isStarting}
            onClick={() => void addPasskey.start()}
          >
            <KeyRoundIcon />
            Add a passkey
          </Button>
        )}
        {passkeysAvailable === false && (
          <p className="text-sm text-slate-700">{TWO_STEP_MESSAGES.passkeysNeedHostName}</p>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6" aria-busy={finishing || undefined}>
      <TwoStepHeader title="Set up two-step sign-in">
        {TWO_STEP_MESSAGES.setupRequired}
      </TwoStepHeader>
      {body}
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button variant="text" size="small" onClick={() => void logout()}>
          <LogOutIcon />
          Log out
        </Button>
      </div>
      {addPasskey.dialog}
      {reauthenticated.dialog}
    </div>
  );
}
