import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './date-field.js';

// Apart from DateField, so that a screen with a plain date filter does not load react-hook-form.
type FormDateFieldProps<T extends FieldValues> = Omit<
  DateFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'error'
> & {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** Shown when the form has no message for the field (e.g. a notice about the day chosen). */
  error?: string;
};

/** A DateField bound to a react-hook-form field: its value, its ref (for focus) and its error. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  error,
  ...props
}: FormDateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? error}
        />
      )}
    />
  );
}
