import { useId, type ComponentProps } from 'react';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { PasswordRules } from './password-rules.js';

interface NewPasswordInputProps extends ComponentProps<typeof PasswordInput> {
  /** What the user has typed so far, for the rules. */
  password: string;
}

/** A new password's field with SPEC §5's rules under it, read with the field. */
export function NewPasswordInput({ password, ...props }: NewPasswordInputProps) {
  const rulesId = useId();
  return (
    <div className="flex flex-col gap-3">
      <PasswordInput autoComplete="new-password" aria-describedby={rulesId} {...props} />
      <PasswordRules id={rulesId} password={password} />
    </div>
  );
}
