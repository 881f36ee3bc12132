import {
  countLabel,
  RECORD_DATE_FORMAT,
  TWO_STEP_MESSAGES,
  type Passkey,
  type TotpSetup,
} from '@staff-admin/shared';
import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { DateTime, RelativeTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import {
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useTwoStepStatus } from '../api/get-two-step-status.js';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRenamePasskey } from '../api/rename-passkey.js';
import { useStartTotpSetup } from '../api/start-totp-setup.js';
import { useTurnOffTotp } from '../api/turn-off-totp.js';
import { useAddPasskey } from '../hooks/use-add-passkey.js';
import { PasskeyNameForm } from './passkey-name-form.js';
import { RecoveryCodesDialog, TotpSetupDialog } from './totp-setup-dialog.js';

/** Fewer recovery codes than this and the card warns. */
const LOW_RECOVERY_CODES = 3;

/** Reports a failure unless the user just closed "Confirm your password". */
function reportFailure(error: unknown) {
  if (!isReauthenticationCancelled(error)) toast.error(getErrorMessage(error));
}

function OnOffBadge({ on }: { on: boolean }) {
  return on ? (
    <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-900">
      On
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-medium text-slate-800">
      Off
    </span>
  );
}

function Part({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={id} className="font-semibold text-slate-900">
          {title}
        </h3>
        {children}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * Profile › Security (issue 15): whether two-step sign-in is on; the authenticator app (set up,
 * turn off); the recovery codes (how many left, make new ones); the passkeys (add, rename,
 * remove). Sensitive changes ask for the password again when the server wants it.
 */
export function SecurityCard() {
  const headingId = useId();
  const passkeysHeadingId = useId();
  const status = useTwoStepStatus();
  const reauthenticated = useReauthenticated();
  const { run } = reauthenticated;

  const startTotp = useStartTotpSetup();
  const turnOff = useTurnOffTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const removePasskey = useRemovePasskey();
  const renamePasskey = useRenamePasskey();
  // Where focus goes when a dialog closes and the button that opened it is gone (the card's
  // buttons change as factors are added and removed).
  const focusCard = () => document.getElementById(headingId);
  // A removed passkey's item (and its Remove) goes: focus goes to the next passkey's, else the
  // previous one's, else the list.
  const { attach: passkeysRef, finalFocus: afterRemoval } = useRemovedRowFocus();
  const addPasskey = useAddPasskey({ run, finalFocus: focusCard });

  const [totpSetup, setTotpSetup] = useState<TotpSetup | null>(null);
  const [confirmingTurnOff, setConfirmingTurnOff] = useState(false);
  const [confirmingRegenerate, setConfirmingRegenerate] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const setUpTotp = async () => {
    try {
      setTotpSetup(await run(() => startTotp.mutateAsync()));
    } catch (error) {
      reportFailure(error);
    }
  };

  const confirmTurnOff = async () => {
    try {
      await run(() => turnOff.mutateAsync());
    } catch (error) {
      setConfirmingTurnOff(false);
      reportFailure(error);
      return;
    }
    setConfirmingTurnOff(false);
    toast.success(TWO_STEP_MESSAGES.disabled);
  };

  const confirmRegenerate = async () => {
    let codes;
    try {
      codes = await run(() => regenerate.mutateAsync());
    } catch (error) {
      setConfirmingRegenerate(false);
      reportFailure(error);
      return;
    }
    setConfirmingRegenerate(false);
    setNewCodes(codes.recoveryCodes);
    toast.success(TWO_STEP_MESSAGES.recoveryCodesRegenerated);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await run(() => removePasskey.mutateAsync(removing.id));
    } catch (error) {
      setRemoving(null);
      reportFailure(error);
      return;
    }
    setRemoving(null);
    toast.success(TWO_STEP_MESSAGES.passkeyRemoved);
  };

  let content: ReactNode;
  if (status.isPending) {
    content = <Spinner text="Loading two-step sign-in…" />;
  } else if (status.isError) {
    content = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-slate-800">
          Two-step sign-in could not be loaded. {getErrorMessage(status.error)}
        </p>
        <Button variant="secondary" size="small" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { enabled, totp, passkeys, recoveryCodesLeft, required, passkeysAvailable } = status.data;
    const low = recoveryCodesLeft <= LOW_RECOVERY_CODES;
    content = (
      <>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-700">Status:</span>
          <OnOffBadge on={enabled} />
          {required && <span className="text-sm text-slate-700">Required for your role.</span>}
        </div>
        <Part
          title="Authenticator app"
          actions={
            // Keyed apart: React would otherwise turn the button that opened the set-up into
            // Turn off, and the closing dialog would give that button focus.
            totp ? (
              <Button
                key="turn-off"
                variant="secondary"
                size="small"
                onClick={() => setConfirmingTurnOff(true)}
              >
                Turn off
              </Button>
            ) : (
              <Button
                key="set-up"
                size="small"
                isLoading={startTotp.isPending}
                onClick={() => void setUpTotp()}
              >
                Set up authenticator app
              </Button>
            )
          }
        >
          <p className="text-sm text-slate-600">
            {totp
              ? 'On: after your password, you enter a code from the app.'
              : 'Use an app on your phone for a 6-digit code at each sign-in.'}
          </p>
        </Part>
        {enabled && (
          <Part
            title="Recovery codes"
            actions={
              <Button
                variant="secondary"
                size="small"
                onClick={() => setConfirmingRegenerate(true)}
              >
                Make new recovery codes
              </Button>
            }
          >
            <p className="text-sm text-slate-600">
              {countLabel(recoveryCodesLeft, ['recovery code', 'recovery codes'])} left.
            </p>
            {low && (
              <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
                <TriangleAlertIcon aria-hidden="true" className="shrink-0" />
                {TWO_STEP_MESSAGES.lowRecoveryCodes}
              </p>
            )}
          </Part>
        )}
        <Part
          title="Passkeys"
          actions={
            passkeysAvailable && (
              <Button
                variant="secondary"
                size="small"
                isLoading={addPasskey.isStarting}
                onClick={() => void addPasskey.start()}
              >
                Add passkey
              </Button>
            )
          }
        >
          <p id={passkeysHeadingId} className="text-sm text-slate-600">
            Sign in with your device&apos;s fingerprint, face or PIN instead of a code.
          </p>
          {!passkeysAvailable && (
            <p className="text-sm text-slate-700">{TWO_STEP_MESSAGES.passkeysNeedHostName}</p>
          )}
          {/* Kept when empty, saying so, to take focus when the last passkey goes. */}
          <ul
            ref={passkeysRef}
            aria-label="Passkeys"
            className="flex flex-col divide-y divide-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            {passkeys.length === 0 && <li className="text-sm text-slate-600">No passkeys yet.</li>}
            {passkeys.map((passkey) => (
              <li
                key={passkey.id}
                {...removableRowProps(passkey.id)}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium break-words text-slate-900">{passkey.name}</span>
                  <span className="text-sm text-slate-600">
                    Added <DateTime value={passkey.createdAt} pattern={RECORD_DATE_FORMAT} /> ·{' '}
                    {passkey.lastUsedAt === null ? (
                      'Never used'
                    ) : (
                      <>
                        Last used{' '}
                        <RelativeTime value={passkey.lastUsedAt} now={status.dataUpdatedAt} />
                      </>
                    )}
                  </span>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={`Rename ${passkey.name}`}
                    onClick={() => setRenaming(passkey)}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Part>
      </>
    );
  }

  return (
    <SectionCard
      title="Two-step sign-in"
      description="A second step after your password keeps your account safe if the password leaks."
      headingId={headingId}
      focusableHeading
    >
      {content}
      <TotpSetupDialog
        setup={totpSetup}
        onClose={() => setTotpSetup(null)}
        finalFocus={focusCard}
      />
      <RecoveryCodesDialog
        codes={newCodes}
        onClose={() => setNewCodes(null)}
        finalFocus={focusCard}
      />
      <ConfirmDialog
        open={confirmingTurnOff}
        onOpenChange={setConfirmingTurnOff}
        title="Turn off the authenticator app?"
        description="You will no longer be asked for a code from the app when you sign in."
        confirmLabel="Turn off"
        destructive
        isLoading={turnOff.isPending}
        onConfirm={() => void confirmTurnOff()}
        finalFocus={focusCard}
      />
      <ConfirmDialog
        open={confirmingRegenerate}
        onOpenChange={setConfirmingRegenerate}
        title="Make new recovery codes?"
        description="Ten new codes replace the ones you have: the old codes stop working."
        confirmLabel="Make new codes"
        isLoading={regenerate.isPending}
        onConfirm={() => void confirmRegenerate()}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove passkey?"
        description={`${removing?.name ?? 'This passkey'} will no longer sign you in.`}
        confirmLabel="Remove"
        destructive
        isLoading={removePasskey.isPending}
        onConfirm={() => void confirmRemove()}
        finalFocus={afterRemoval}
      />
      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        title="Rename passkey"
      >
        <div className="mt-6">
          {renaming && (
            <PasskeyNameForm
              defaultName={renaming.name}
              submitLabel="Save"
              onCancel={() => setRenaming(null)}
              onSubmit={async (name) => {
                await renamePasskey.mutateAsync({ id: renaming.id, name });
                setRenaming(null);
                toast.success(TWO_STEP_MESSAGES.passkeyRenamed);
              }}
            />
          )}
        </div>
      </Dialog>
      {addPasskey.dialog}
      {reauthenticated.dialog}
    </SectionCard>
  );
}
