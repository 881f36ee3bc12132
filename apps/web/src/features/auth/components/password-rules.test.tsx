import { PASSWORD_RULES } from '@staff-admin/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordRules } from './password-rules.js';

function ruleStates(name = 'Your password must contain:') {
  const list = screen.getByRole('list', { name });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

const policyStates = () => ruleStates('Your password must not:');
const EMAIL = 'jordan.lee@example.com';

describe('PasswordRules', () => {
  it('lists every shared rule, none met for an empty password', () => {
    render(<PasswordRules id="rules" password="" email={EMAIL} />);
    expect(ruleStates()).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: not met`));
    // The policy's rules are listed up front too, so the server refuses nothing unlisted.
    expect(policyStates()).toEqual([
      'Be a common password: not met',
      'Contain your email’s name (the part before the @): not met',
    ]);
  });

  it('checks the policy live: a common password, or one holding the email’s name', () => {
    const { rerender } = render(<PasswordRules id="rules" password="Password1!" email={EMAIL} />);
    // Strong by SPEC §5, but common.
    expect(ruleStates()).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: met`));
    expect(policyStates()).toEqual([
      'Be a common password: not met',
      'Contain your email’s name (the part before the @): met',
    ]);
    rerender(<PasswordRules id="rules" password="Jordan.Lee-77x!" email={EMAIL} />);
    expect(policyStates()).toEqual([
      'Be a common password: met',
      'Contain your email’s name (the part before the @): not met',
    ]);
    rerender(<PasswordRules id="rules" password="Kestrel!2345pass" email={EMAIL} />);
    expect(policyStates()).toEqual([
      'Be a common password: met',
      'Contain your email’s name (the part before the @): met',
    ]);
  });

  it('marks each rule the password meets, in text and not by colour alone', () => {
    render(<PasswordRules id="rules" password="abc1" email={EMAIL} />);
    expect(ruleStates()).toEqual([
      'At least 8 characters: not met',
      'An uppercase letter: not met',
      'A lowercase letter: met',
      'A number: met',
      'A special character: not met',
    ]);
    expect(screen.getByText('A lowercase letter').closest('li')).toHaveAttribute(
      'data-state',
      'met',
    );
  });

  it('marks all rules met for a strong password', () => {
    render(<PasswordRules id="rules" password="Secret-pass1" email={EMAIL} />);
    expect(ruleStates()).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: met`));
  });

  it('carries the id a password field points its aria-describedby at', () => {
    render(
      <>
        <input aria-label="New password" aria-describedby="rules" />
        <PasswordRules id="rules" password="A" email={EMAIL} />
      </>,
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /Your password must contain:.*An uppercase letter: met/,
    );
  });
});
