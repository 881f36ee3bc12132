import { useCallback, useEffect, useRef } from 'react';
import {
  useForm as useReactHookForm,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { getErrorMessage, isApiError } from './api-error.js';
import { toast } from './toast.js';

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

/**
 * A failed submit of a form whose one field the server judges (a code, a name): when it refused
 * the value (one of `statuses`), its message for the field, else its message, goes under the field,
 * which takes focus; any other failure is a toast.
 */
export function showFieldRefusal<T extends FieldValues>(
  setError: UseFormSetError<T>,
  field: Path<T>,
  error: unknown,
  statuses: readonly number[],
): void {
  if (isApiError(error) && statuses.includes(error.code)) {
    const message = error.errors?.[field] ?? error.message;
    setError(field, { type: 'server', message }, { shouldFocus: true });
  } else {
    toast.error(getErrorMessage(error));
  }
}

/**
 * react-hook-form's `useForm` with the house's rule for a submit that fails validation
 * (docs/accessibility.md, rule 7): focus goes to the first invalid field in reading order,
 * whatever its kind (text, date, dropdown, person picker). react-hook-form's own focusing
 * (`shouldFocusError`) reaches only fields registered with a focusable ref, in the order they
 * registered, so it skipped a picker controlled with `Controller` (Add cost rate's Person) for
 * the next text field. Here, once the errors are drawn, the submitted form's first control with
 * `aria-invalid="true"` (the kit's fields mark the control itself) takes focus. Every form of the
 * site uses this one; a lint rule forbids react-hook-form's.
 */
export function useForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useReactHookForm({ ...props, shouldFocusError: false });
  /** The form whose last submit failed validation, until its errors are drawn. */
  const failed = useRef<HTMLFormElement | null>(null);
  // The submit count goes up in the same render as the errors appear.
  const { submitCount } = form.formState;
  useEffect(() => {
    const submitted = failed.current;
    failed.current = null;
    submitted?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const { handleSubmit } = form;
  const handleSubmitAndFocus = useCallback<typeof handleSubmit>(
    (onValid, onInvalid) =>
      handleSubmit(onValid, async (errors, event) => {
        // The submit event's target is the form; a click's is a control inside it.
        const target: unknown = event?.target;
        if (target instanceof Element) failed.current = target.closest('form');
        await onInvalid?.(errors, event);
      }),
    [handleSubmit],
  );
  return { ...form, handleSubmit: handleSubmitAndFocus };
}

/**
 * A resolver for a form whose fields are not the API's body as such (times in the browser's
 * zone, checkboxes for a nested list): the body is built from the fields and judged by the API's
 * own schema (one rule for site and server), and each message goes under the field `fieldOf`
 * names for its path (by default the path's first key), the first message per field.
 */
export function bodyResolver<TValues extends FieldValues, TBody>(
  schema: z.ZodType<TBody>,
  toBody: (values: TValues) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => String(path[0] ?? 'root'),
): Resolver<TValues, unknown, TBody> {
  return (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      errors[fieldOf(issue.path)] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors } as ReturnType<Resolver<TValues, unknown, TBody>>;
  };
}
