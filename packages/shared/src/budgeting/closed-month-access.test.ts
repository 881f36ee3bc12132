import { describe, expect, it } from 'vitest';
import { AREAS, POSITIONS } from '../auth/roles.js';
import { CLOSED_MONTH_ACCESS, mayChangeClosedMonth } from './constants.js';

describe('who may close and reopen a month', () => {
  it('lets admins and finance close a month, and only admins reopen one', () => {
    const closers = POSITIONS.filter((position) => mayChangeClosedMonth(position, 'close'));
    const reopeners = POSITIONS.filter((position) => mayChangeClosedMonth(position, 'reopen'));
    expect(closers).toEqual(['admin', 'finance']);
    expect(reopeners).toEqual(['admin']);
  });

  it('gives each action only to positions that can open the Budgeting area', () => {
    const financial = AREAS.find((area) => area.id === 'financial')!.positions;
    for (const positions of Object.values(CLOSED_MONTH_ACCESS)) {
      expect(financial).toEqual(expect.arrayContaining([...positions]));
    }
  });
});
