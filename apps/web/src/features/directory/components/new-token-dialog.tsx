import { zodResolver } from '@hookform/resolvers/zod';
import {
  createScimTokenSchema,
  DIRECTORY_MESSAGES,
  SCIM_TOKEN_NAME_MAX_LENGTH,
  type CreateScimTokenInput,
  type IssuedScimToken,
} from '@staff-admin/shared';
import { useEffect } from 'react';
import { isReauthenticationCancelled } from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { isApiError } from '../../../lib/api-error.js';
import { registerTrimmed, showFieldRefusal, useForm } from '../../../lib/form.js';

interface NewTokenDialogProps extends DialogOpenProps {
  /** Makes the token: the call, run through "Confirm your password" when the server asks. */
  create: (input: CreateScimTokenInput) => Promise<IssuedScimToken>;
  onCreated: (issued: IssuedScimToken) => void;
}

/** Whether a refusal is about the name (taken, or not a name the server takes). */
const refusesName = (error: unknown) =>
  isApiError(error, 400) ||
  (isApiError(error, 409) && error.message === DIRECTORY_MESSAGES.tokenNameTaken);

/**
 * "New token": its name, which the audit trail shows as the actor of the directory's changes.
 * A name refused by the server (taken) lands on the field, which takes focus and reads it.
 */
export function NewTokenDialog({ open, onOpenChange, create, onCreated }: NewTokenDialogProps) {
  const form = useForm<CreateScimTokenInput>({
    resolver: zodResolver(createScimTokenSchema),
    defaultValues: { name: '' },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  // Every opening starts empty.
  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    let issued: IssuedScimToken;
    try {
      issued = await create(values);
    } catch (error) {
      // "Confirm your password" was closed: nothing was made, and the dialog stays.
      if (isReauthenticationCancelled(error)) return;
      // Too many tokens, a failure: a toast; a refused name: on the field.
      showFieldRefusal(setError, 'name', error, refusesName(error) ? [400, 409] : []);
      return;
    }
    onCreated(issued);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New SCIM token"
      description="Name it after the directory that will use it, e.g. “Okta production”. Its secret is shown once, next."
      size="confirm"
      // Cancel closes it; without the × first, focus goes straight into the name field.
      hideCloseButton
      preventClose={isSubmitting}
    >
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog is portalled, but React events still bubble to a form around its opener.
          event.stopPropagation();
          void submit(event);
        }}
        className="mt-6 flex flex-col gap-5"
      >
        <Input
          label="Name"
          autoComplete="off"
          maxLength={SCIM_TOKEN_NAME_MAX_LENGTH}
          error={errors.name?.message}
          {...registerTrimmed(form, 'name')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            Create token
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
