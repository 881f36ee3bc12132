import type {
  FieldValues,
  Path,
  PathValue,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { isApiError } from './api-error.js';

/**
 * `register` for text fields that are trimmed when they lose focus (SPEC §4). Password fields
 * use plain `register`: spaces in a password are the user's choice.
 */
export function registerTrimmed<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'setValue' | 'formState'>,
  name: Path<T>,
): UseFormRegisterReturn<Path<T>> {
  return form.register(name, {
    onBlur: (event: { target: { value: unknown } }) => {
      const { value } = event.target;
      if (typeof value === 'string' && value.trim() !== value) {
        form.setValue(name, value.trim() as PathValue<T, Path<T>>, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
  });
}

/**
 * Puts the server's field messages (CONTRACT §2's `errors`) under the named fields of a form;
 * messages for fields the form does not show are left out.
 */
export function setServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  if (!isApiError(error)) return;
  for (const field of fields) {
    const message = error.errors?.[field];
    if (typeof message === 'string' && message.trim() !== '') {
      form.setError(field, { type: 'server', message });
    }
  }
}
