import clsx from 'clsx';

interface FieldMessages {
  /** Help text under the field, read with it. */
  description?: string;
  /** A validation message; marks the field invalid and is read with it. */
  error?: string;
}

/** The field's aria-describedby: its help text, any `extra` ids, then its error. */
export function describedBy(id: string, { description, error }: FieldMessages, extra?: string) {
  return clsx(description && `${id}-description`, extra, error && `${id}-error`) || undefined;
}

/** The help text and error under the field whose messages are named after `id`. */
export function FieldMessages({ id, description, error }: FieldMessages & { id: string }) {
  return (
    <>
      {description && (
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** Whether a field's label is shown: always (false), never (true) or below `sm` only ('sm'). */
export type LabelHiding = boolean | 'sm';

/** The label's classes for a `hideLabel` value. */
export function labelHiding(hide: LabelHiding): string | undefined {
  if (hide === 'sm') return 'sm:sr-only';
  return hide ? 'sr-only' : undefined;
}
