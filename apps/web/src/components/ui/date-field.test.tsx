import { DATE_FIELD_MESSAGES } from '@staff-admin/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field.js';

type HarnessProps = Partial<ComponentProps<typeof DateField>> & {
  initial?: string;
  /** Keeps only the values that are dates, as a filter does (the URL holds no half-typed date). */
  datesOnly?: boolean;
};

function Harness({ initial = '', datesOnly = false, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="Form" onSubmit={(event) => event.preventDefault()}>
      <DateField
        label="Date"
        value={value}
        onChange={(next) => {
          onChange?.(next);
          if (!datesOnly || next === '' || /^\d{4}-/.test(next)) setValue(next);
        }}
        {...props}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
      <button type="submit">Save</button>
      <output aria-label="Value">{value}</output>
    </form>
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  return { user, field: screen.getByRole('textbox', { name: 'Date' }) };
}

const valueShown = () => screen.getByRole('status', { name: 'Value' }).textContent;

describe('DateField', () => {
  it('is one text field showing its ISO value as dd/mm/yyyy, its format as its hint', () => {
    const { field } = setup({ initial: '2026-03-04' });
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('04/03/2026');
    expect(field).toHaveAccessibleDescription('dd/mm/yyyy');
    // The hint is read before typing: between the label and the field.
    const hint = screen.getByText('dd/mm/yyyy');
    expect(hint.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Date').compareDocumentPosition(hint)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('gives the form the ISO value of a date typed day first', async () => {
    const onChange = vi.fn();
    const { user, field } = setup({ onChange });
    await user.type(field, '4/3/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-04');
    expect(field).toHaveValue('4/3/2026');
    await user.tab();
    expect(field).toHaveValue('04/03/2026');
    expect(valueShown()).toBe('2026-03-04');
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('gives text that is no date as it is, and says so once the field is left', async () => {
    const onChange = vi.fn();
    const { user, field } = setup({ onChange });
    await user.type(field, '31/04/2026');
    expect(onChange).toHaveBeenLastCalledWith('31/04/2026');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`dd/mm/yyyy ${DATE_FIELD_MESSAGES.day}`);
    await user.clear(field);
    await user.type(field, '30/04/2026');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says so when its form is submitted with the text still in it', async () => {
    const { user, field } = setup();
    await user.type(field, '2026{Enter}');
    expect(field).toHaveFocus();
    expect(screen.getByText(DATE_FIELD_MESSAGES.day)).toBeVisible();
  });

  it('puts its own message before the form’s only while the text is no date', async () => {
    const { user, field } = setup({ error: 'The end date must not be before the start date.' });
    expect(field).toHaveAccessibleDescription(/must not be before/);
    await user.type(field, 'soon');
    await user.tab();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(DATE_FIELD_MESSAGES.day));
    expect(screen.queryByText(/must not be before/)).not.toBeInTheDocument();
  });

  it('keeps what is being typed when the form keeps only dates, and follows a reset', async () => {
    const { user, field } = setup({ initial: '2026-05-01', datesOnly: true });
    await user.clear(field);
    await user.type(field, '2/6/20');
    expect(field).toHaveValue('2/6/20');
    expect(valueShown()).toBe('');
    await user.type(field, '26');
    expect(valueShown()).toBe('2026-06-02');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
  });

  it('reads and shows a month, and a date with a time', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Harness label="Month" granularity="month" initial="2026-10" />
        <Harness label="From" granularity="minute" initial="" onChange={onChange} />
      </>,
    );
    const month = screen.getByRole('textbox', { name: 'Month' });
    expect(month).toHaveValue('10/2026');
    expect(month).toHaveAccessibleDescription('mm/yyyy');
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveAccessibleDescription('dd/mm/yyyy hh:mm');
    await user.type(from, '27/11/2026 9:05');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-27T09:05');
  });

  it('adds its own help after the hint', () => {
    setup({ description: 'The first day it applies' });
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveAccessibleDescription(
      'dd/mm/yyyy The first day it applies',
    );
  });
});
