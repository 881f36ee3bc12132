import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.js';

type AccountEmailInputProps = Omit<
  ComponentProps<typeof Input>,
  'label' | 'type' | 'autoComplete' | 'inputMode'
>;

/**
 * The email a user signs in with, where they type it (Log in, Forgot password): the password
 * manager's username, and the email keyboard on phones.
 */
export function AccountEmailInput(props: AccountEmailInputProps) {
  return <Input label="Email" type="email" autoComplete="username" inputMode="email" {...props} />;
}
