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
