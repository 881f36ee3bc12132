import { describe, expect, it } from 'vitest';
import {
  DATE_FIELD_MESSAGES,
  dateFieldHint,
  formatDateText,
  isDateValue,
  parseDateText,
} from './dates.js';
import { dateFieldSchema } from './schemas.js';

describe('date fields: UK shown, ISO sent', () => {
  it('hints and messages name the format people type, with an unambiguous example', () => {
    expect(dateFieldHint()).toBe('dd/mm/yyyy');
    expect(dateFieldHint('month')).toBe('mm/yyyy');
    expect(dateFieldHint('minute')).toBe('dd/mm/yyyy hh:mm');
    expect(DATE_FIELD_MESSAGES).toEqual({
      day: 'Please enter a date as dd/mm/yyyy, e.g. 27/11/2026.',
      month: 'Please enter a month as mm/yyyy, e.g. 11/2026.',
      minute: 'Please enter a date and time as dd/mm/yyyy hh:mm, e.g. 27/11/2026 14:30.',
    });
  });

  it('reads a day as day first, however it is separated', () => {
    expect(parseDateText('04/03/2026')).toBe('2026-03-04');
    expect(parseDateText('4/3/2026')).toBe('2026-03-04');
    expect(parseDateText(' 4.3.2026 ')).toBe('2026-03-04');
    expect(parseDateText('04-03-2026')).toBe('2026-03-04');
    expect(parseDateText('2026-03-04')).toBe('2026-03-04');
    expect(parseDateText('')).toBe('');
    expect(parseDateText('   ')).toBe('');
  });

  it('refuses what is not a day that exists', () => {
    for (const text of [
      '31/04/2026',
      '29/02/2027',
      '13/13/2026',
      '00/01/2026',
      '27/11/26',
      '27/11/20266',
      '2026/11/27',
      '2026-02-30',
      '27 11 2026',
      'yesterday',
    ]) {
      expect(parseDateText(text), text).toBeNull();
    }
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
  });

  it('reads a month and a minute the same way', () => {
    expect(parseDateText('3/2026', 'month')).toBe('2026-03');
    expect(parseDateText('2026-03', 'month')).toBe('2026-03');
    expect(parseDateText('13/2026', 'month')).toBeNull();
    expect(parseDateText('03/2026 ', 'month')).toBe('2026-03');

    expect(parseDateText('27/11/2026 14:30', 'minute')).toBe('2026-11-27T14:30');
    expect(parseDateText('27/11/2026, 9.05', 'minute')).toBe('2026-11-27T09:05');
    expect(parseDateText('27/11/2026   09:05', 'minute')).toBe('2026-11-27T09:05');
    expect(parseDateText('2026-11-27T09:05', 'minute')).toBe('2026-11-27T09:05');
    expect(parseDateText('27/11/2026 24:00', 'minute')).toBeNull();
    expect(parseDateText('27/11/2026 10:60', 'minute')).toBeNull();
    expect(parseDateText('27/11/2026', 'minute')).toBeNull();
    expect(parseDateText('31/11/2026 10:00', 'minute')).toBeNull();
  });

  it('shows an ISO value in the UK form, and anything else as it is', () => {
    expect(formatDateText('2026-03-04')).toBe('04/03/2026');
    expect(formatDateText('2026-03', 'month')).toBe('03/2026');
    expect(formatDateText('2026-11-27T09:05', 'minute')).toBe('27/11/2026 09:05');
    expect(formatDateText('')).toBe('');
    expect(formatDateText('31/04/2026')).toBe('31/04/2026');
    expect(formatDateText('2026-02-30')).toBe('2026-02-30');
  });

  it('round-trips every day of a leap year', () => {
    for (let day = 0; day < 366; day++) {
      const iso = new Date(Date.UTC(2028, 0, 1 + day)).toISOString().slice(0, 10);
      expect(parseDateText(formatDateText(iso))).toBe(iso);
    }
  });

  it("checks a form's value with the field's message", () => {
    expect(dateFieldSchema().safeParse('2026-03-04').success).toBe(true);
    expect(isDateValue('2026-03', 'month')).toBe(true);
    for (const value of ['', '31/04/2026', '2026-04-31']) {
      const result = dateFieldSchema().safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DATE_FIELD_MESSAGES.day);
    }
    expect(dateFieldSchema('minute').safeParse('2026-11-27').error?.issues[0]?.message).toBe(
      DATE_FIELD_MESSAGES.minute,
    );
  });
});
