import clsx from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldErrorAnnouncer } from './field-error-announcer.js';
import { describedBy, FieldMessages, labelHiding, type LabelHiding } from './field-messages.js';

interface InputProps extends ComponentProps<'input'> {
  label: string;
  /**
   * Keeps the label for assistive technology only (true), or only from the `sm` width on ('sm'):
   * for a row under column headings that only wider screens show.
   */
  hideLabel?: LabelHiding;
  /** A validation message; marks the field invalid and is read with it. */
  error?: string;
  /**
   * A short hint between the label and the field, read with it: what to type, such as a format
   * (dd/mm/yyyy). Above the field, so that it is read before typing and a row of fields with and
   * without one still lines up at the fields.
   */
  hint?: string;
  /** Help text under the field, read with it. */
  description?: string;
  /** A small control drawn inside the field's right edge (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Classes of the wrapper around label, field and messages. */
  className?: string;
}

/**
 * A labelled text field whose error and help texts are tied to it for screen readers; an error
 * that lands while focus stays on the field is read out too (FieldErrorAnnouncer).
 */
export function Input({
  label,
  hideLabel = false,
  error,
  hint,
  description,
  trailing,
  id,
  className,
  'aria-describedby': extraDescribedBy,
  ...props
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={inputId}
        className={clsx('text-sm font-medium text-slate-900', labelHiding(hideLabel))}
      >
        {label}
      </label>
      {hint && (
        <p id={`${inputId}-hint`} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          // Elements elsewhere on the page (e.g. a password rules list) may describe the field too.
          aria-describedby={
            clsx(
              hint && `${inputId}-hint`,
              describedBy(inputId, { description, error }, extraDescribedBy),
            ) || undefined
          }
          className={clsx(
            'h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
            'read-only:bg-slate-100 read-only:text-slate-700 disabled:cursor-not-allowed disabled:bg-slate-100',
            error ? 'border-red-600' : 'border-slate-300',
            trailing !== undefined && 'pr-12',
          )}
          {...props}
        />
        {trailing !== undefined && (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        )}
      </div>
      <FieldMessages id={inputId} description={description} error={error} />
      <FieldErrorAnnouncer fieldId={inputId} label={label} error={error} />
    </div>
  );
}
