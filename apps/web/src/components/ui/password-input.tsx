import { useId, useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { Input } from './input.js';

type PasswordInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'trailing'>;

/**
 * A password field with a button that shows or hides what was typed. The button's name is the
 * same for every field ("Show password"), so it never contains a field's own label and a lookup
 * by that label finds the field alone.
 */
export function PasswordInput({ id, ...props }: PasswordInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);

  return (
    <Input
      id={inputId}
      type={visible ? 'text' : 'password'}
      // Browsers must not "correct" or capitalise a password shown as plain text.
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      trailing={
        <button
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
          className="inline-flex size-9 items-center justify-center rounded-md text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
