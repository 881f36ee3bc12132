import {
  DATE_FIELD_MESSAGES,
  dateFieldHint,
  formatDateText,
  parseDateText,
  type DateGranularity,
} from '@staff-admin/shared';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import type { LabelHiding } from './field-messages.js';
import { Input } from './input.js';

export interface DateFieldProps {
  label: string;
  /** See Input's `hideLabel`. */
  hideLabel?: LabelHiding;
  /**
   * The ISO value (`YYYY-MM-DD`, or `YYYY-MM`, `YYYY-MM-DDTHH:mm` for the other kinds), '' for
   * none, or, while the text typed is not a date, that text: no ISO check accepts it.
   */
  value: string;
  /** Called as the text changes, with the value it stands for (see `value`). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A day (the default), a month, or a day and a time to the minute. */
  granularity?: DateGranularity;
  /** A validation message from the form or the server. */
  error?: string;
  /** Help text under the field (the format is the hint above it). */
  description?: string;
  className?: string;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Every date the site asks for (docs/accessibility.md, "Dates"): one text field, one tab stop,
 * in the company's UK format: `dd/mm/yyyy` shown and typed (`mm/yyyy` for a month, and
 * `dd/mm/yyyy hh:mm` with a time), while the value given to the form is ISO. The hint between
 * its label and the field says the format; text that is no date of its kind gets the shared message once the field is
 * left or its form submitted, before any other error. A date typed in another accepted way
 * (`4.3.2026`, ISO) is shown in the house format when the field is left.
 */
export function DateField({
  value,
  onChange,
  onBlur,
  granularity = 'day',
  error,
  description,
  ref,
  ...props
}: DateFieldProps) {
  const valueOf = (text: string) => parseDateText(text, granularity) ?? text;
  const [text, setText] = useState(() => formatDateText(value, granularity));
  // A new value from outside (a reset, a link, Clear filters) replaces the text, unless the text
  // already stands for it (the change came from here).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (valueOf(text) !== value) setText(formatDateText(value, granularity));
  }
  // Text that is no date is called wrong once the field has been left or its form submitted,
  // not while it is first typed.
  const [checked, setChecked] = useState(false);
  const formatError =
    checked && parseDateText(text, granularity) === null
      ? DATE_FIELD_MESSAGES[granularity]
      : undefined;

  const input = useRef<HTMLInputElement | null>(null);
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const check = () => setChecked(true);
    form.addEventListener('submit', check);
    return () => form.removeEventListener('submit', check);
  }, []);

  return (
    <Input
      {...props}
      ref={setInput}
      type="text"
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(valueOf(event.target.value));
      }}
      onBlur={() => {
        const parsed = parseDateText(text, granularity);
        if (parsed) setText(formatDateText(parsed, granularity));
        setChecked(true);
        onBlur?.();
      }}
      hint={dateFieldHint(granularity)}
      description={description}
      error={formatError ?? error}
    />
  );
}
