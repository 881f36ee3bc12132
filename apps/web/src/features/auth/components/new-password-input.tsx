import { useId, type ComponentProps } from 'react';
import { PasswordInput } from '../../../components/ui/password-input.js';
import { PasswordRules } from './password-rules.js';

interface NewPasswordInputProps extends ComponentProps<typeof PasswordInput> {
  /** What the user has typed so far, for the rules. */
  password: string;
  /** The account's email, for the rule against its local part. */
  email: string;
}

/** A new password's field with every password rule under it, read with the field. */
export function NewPasswordInput({ password, email, ...props }: NewPasswordInputProps) {
  const rulesId = useId();
  return (
    <div className="flex flex-col gap-3">
      <PasswordInput autoComplete="new-password" aria-describedby={rulesId} {...props} />
      <PasswordRules id={rulesId} password={password} email={email} />
    </div>
  );
}
