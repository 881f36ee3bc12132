import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.js';

describe('Spinner', () => {
  it('is a 24px status read as "Loading" by default', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Loading$/);
    expect(status.querySelector('svg')).toHaveAttribute('width', '24');
  });

  it('shows its text and size when given', () => {
    render(<Spinner text="Saving…" size={40} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Saving…$/);
    expect(screen.getByRole('status').querySelector('svg')).toHaveAttribute('width', '40');
  });
});
