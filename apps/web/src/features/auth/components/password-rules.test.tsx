import { PASSWORD_RULES } from '@staff-admin/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordRules } from './password-rules.js';

function ruleStates() {
  const list = screen.getByRole('list', { name: 'Your password must contain:' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('PasswordRules', () => {
  it('lists every shared rule, none met for an empty password', () => {
    render(<PasswordRules id="rules" password="" />);
    expect(ruleStates()).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: not met`));
  });

  it('marks each rule the password meets, in text and not by colour alone', () => {
    render(<PasswordRules id="rules" password="abc1" />);
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
    render(<PasswordRules id="rules" password="Secret-pass1" />);
    expect(ruleStates()).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: met`));
  });

  it('carries the id a password field points its aria-describedby at', () => {
    render(
      <>
        <input aria-label="New password" aria-describedby="rules" />
        <PasswordRules id="rules" password="A" />
      </>,
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /Your password must contain:.*An uppercase letter: met/,
    );
  });
});
