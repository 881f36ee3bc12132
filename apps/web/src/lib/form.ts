import type {
  FieldValues,
  Path,
  PathValue,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';

/**
 * `register` for text fields that are trimmed when they lose focus (SPEC §4). Password fields
 * use plain `register`: spaces in a password are the user's choice.
 */
export function registerTrimmed<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'setValue' | 'formState'>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
): UseFormRegisterReturn<Path<T>> {
  return form.register(name, {
    ...options,
    onBlur: (event: { target: { value: unknown } }) => {
      const { value } = event.target;
      if (typeof value === 'string' && value.trim() !== value) {
        form.setValue(name, value.trim() as PathValue<T, Path<T>>, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      }
      options?.onBlur?.(event);
    },
  });
}

/**
 * Puts the server's field messages (CONTRACT §2's `errors`) under the named fields of a form.
 * Returns whether any was placed; messages for fields the form does not show are left out.
 */
export function setServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return false;
  const { errors } = error as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return false;
  let placed = false;
  for (const field of fields) {
    const message = (errors as Record<string, unknown>)[field];
    if (typeof message === 'string' && message.trim() !== '') {
      form.setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
