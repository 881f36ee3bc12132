import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { registerTrimmed, showFieldRefusal, useForm } from '../../../lib/form.js';

/** The name's validation (zod) loads as the form shows; see two-step-resolvers.ts. */
const resolver = lazyResolver<{ name: string }, unknown, { name: string }>(
  async () => (await import('../utils/two-step-resolvers.js')).passkeyNameResolver,
);

interface PasskeyNameFormProps {
  defaultName?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** A passkey's name (adding or renaming); the server's field message shows on the field. */
export function PasskeyNameForm({
  defaultName = '',
  submitLabel,
  onSubmit,
  onCancel,
}: PasskeyNameFormProps) {
  useEffect(() => resolver.preload(), []);
  const form = useForm<{ name: string }>({
    resolver,
    defaultValues: { name: defaultName },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      showFieldRefusal(setError, 'name', error, [400]);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      className="flex flex-col gap-5"
    >
      <Input
        label="Passkey name"
        description="So you can tell your passkeys apart, e.g. Work laptop."
        autoComplete="off"
        error={errors.name?.message}
        {...registerTrimmed(form, 'name')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
