import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.js';

describe('Button', () => {
  it('disabled, stays focusable but ignores presses and marks itself aria-disabled', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button disabled onClick={onClick}>
          Next
        </Button>
        <Button type="submit" disabled>
          Save
        </Button>
      </form>,
    );
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).not.toHaveAttribute('disabled');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('busy, keeps focus while its action runs and says it is busy', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Reset Password</Button>);
    const button = screen.getByRole('button', { name: 'Reset Password' });
    button.focus();
    rerender(
      <Button isLoading onClick={onClick}>
        Reset Password
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
