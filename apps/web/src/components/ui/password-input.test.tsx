import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input.js';

describe('PasswordInput', () => {
  it('hides what is typed until asked, and hides it again', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="New password" />);
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-controls', field.id);
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('keeps its error and an outside description on the field', () => {
    render(
      <>
        <PasswordInput label="New password" aria-describedby="rules" error="Too weak." />
        <p id="rules">Eight characters.</p>
      </>,
    );
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Eight characters. Too weak.');
  });
});
