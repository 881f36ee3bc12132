import { useEffect, useRef } from 'react';

/**
 * What had focus when the user last pressed a key, or what they last pressed with a pointer:
 * where they were when they acted (Enter in a field, a click on a button).
 */
let focusAtLastAction: EventTarget | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', () => (focusAtLastAction = document.activeElement), {
    capture: true,
  });
  window.addEventListener('pointerdown', (event) => (focusAtLastAction = event.target), {
    capture: true,
  });
}

/**
 * Reads out a field's error when it appears or changes while focus stays on the field
 * (docs/accessibility.md, rule 7). Enter pressed in a field submits its form, and a wrong answer
 * (a two-step code, a password) lands on the field that already has focus: focus does not move,
 * so nothing reads the message tied to it. Then this polite region says "<label>: <message>".
 * When focus moves to the field (from the submit button, or from another field to the first
 * invalid one), that move reads the message with the field, and this stays silent rather than
 * say it twice.
 *
 * The region is always in the page and written after it, so a change is heard; it is emptied
 * when the error goes (so the same message after a new attempt is heard again) and when focus
 * leaves the field (so reading the page does not meet the message twice).
 */
export function FieldErrorAnnouncer({
  fieldId,
  label,
  error,
}: {
  fieldId: string;
  label: string;
  error?: string;
}) {
  const region = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const spoken = region.current;
    const field = document.getElementById(fieldId);
    if (!spoken || !field) return;
    const stayed = document.activeElement === field && focusAtLastAction === field;
    spoken.textContent = error && stayed ? `${label}: ${error}` : '';
    const forget = () => (spoken.textContent = '');
    field.addEventListener('blur', forget);
    return () => field.removeEventListener('blur', forget);
  }, [fieldId, label, error]);
  return <span ref={region} aria-live="polite" className="sr-only" />;
}
