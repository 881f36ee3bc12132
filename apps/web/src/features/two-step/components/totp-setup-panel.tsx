import { TWO_STEP_MESSAGES, type ConfirmTotpInput, type TotpSetup } from '@staff-admin/shared';
import { CopyIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { toast } from '../../../lib/toast.js';
import { useConfirmTotp } from '../api/confirm-totp.js';
import { copyText } from '../../../lib/copy-text.js';
import { StepHeading } from './step-heading.js';
import { showFieldRefusal, useForm } from '../../../lib/form.js';

/** The code's validation (zod) loads as the panel shows; see two-step-resolvers.ts. */
const resolver = lazyResolver<ConfirmTotpInput, unknown, { code: string }>(
  async () => (await import('../utils/two-step-resolvers.js')).confirmTotpResolver,
);

/** The base-32 key in groups of four, easier to read and type. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TotpSetupPanelProps {
  setup: TotpSetup;
  /** Turned on: the new recovery codes (empty when the user had some already). */
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
  focusHeading?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * Setting up an authenticator app: scan the QR code (or type the key), then enter one code to
 * prove it works. Used by the Security card's dialog and by the forced set-up screen.
 */
export function TotpSetupPanel({
  setup,
  onConfirmed,
  onCancel,
  focusHeading = false,
  headingLevel = 3,
}: TotpSetupPanelProps) {
  useEffect(() => resolver.preload(), []);
  const confirm = useConfirmTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmTotpInput, unknown, { code: string }>({
    resolver,
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await confirm.mutateAsync(values);
    } catch (error) {
      showFieldRefusal(setError, 'code', error, [400, 409]);
      return;
    }
    toast.success(TWO_STEP_MESSAGES.enabled);
    onConfirmed(result.recoveryCodes);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      className="flex flex-col gap-5"
    >
      <StepHeading focusOnMount={focusHeading} level={headingLevel}>
        Scan the QR code
      </StepHeading>
      <p className="text-slate-700">
        Open your authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password), add an account and scan this code.
      </p>
      <img
        src={setup.qrCode}
        alt="QR code to add Staff Admin to your authenticator app"
        width={192}
        height={192}
        className="size-48 self-center rounded-lg border border-slate-200 bg-white p-2"
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-700">
          Cannot scan it? Type this key into the app instead:
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <code className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900">
            {groupKey(setup.secret)}
          </code>
          <Button
            variant="secondary"
            size="small"
            onClick={() => void copyText(setup.secret, TWO_STEP_MESSAGES.keyCopied)}
          >
            <CopyIcon />
            Copy key
          </Button>
        </div>
      </div>
      <Input
        label="Code from the app"
        description="Enter the 6-digit code the app shows for Staff Admin."
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={isSubmitting}>
          Turn on
        </Button>
      </div>
    </form>
  );
}
