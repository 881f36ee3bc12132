import { RECORD_DATE_FORMAT } from '@staff-admin/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime, RelativeTime } from './date-time.js';

const AT = '2026-11-27T07:35:38.354Z';

describe('DateTime', () => {
  it('shows a moment as people read it, in a <time> that keeps the ISO value', () => {
    render(<DateTime value={AT} pattern={RECORD_DATE_FORMAT} />);
    expect(screen.getByText('27/11/2026 at 07:35 AM')).toHaveAttribute('dateTime', AT);
  });

  it('shows a dash when there is no moment', () => {
    const { container } = render(<DateTime value={null} />);
    expect(container).toHaveTextContent(/^-$/);
    expect(container.querySelector('time')).toBeNull();
  });
});

describe('RelativeTime', () => {
  it('says how long ago from the moment given as now, with the record date as its title', () => {
    render(<RelativeTime value={AT} now={Date.parse(AT) + 2 * 60 * 60_000} />);
    const time = screen.getByText('2 hours ago');
    expect(time).toHaveAttribute('dateTime', AT);
    expect(time).toHaveAttribute('title', '27/11/2026 at 07:35 AM');
  });

  it('shows a dash for a value that is no moment', () => {
    const { container } = render(<RelativeTime value="soon" now={0} />);
    expect(container).toHaveTextContent(/^-$/);
  });
});
