import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { Input } from './input.js';

const WRONG = 'The code is not valid.';

/** A one-field form whose every submit is refused with WRONG on the field (as a server would). */
function CodeForm() {
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new attempt clears the old message first, as react-hook-form does.
    setError(undefined);
    setTimeout(() => {
      setError(WRONG);
      document.getElementById('code')?.focus();
    }, 0);
  };
  return (
    <form onSubmit={submit}>
      <Input id="code" label="Code" error={error} />
      <button type="submit">Verify</button>
    </form>
  );
}

/** The field's live region (not its message under the field). */
const spoken = () => document.querySelector('[aria-live="polite"]')?.textContent;

describe('Input', () => {
  it('reads out an error that lands while focus stays on the field (Enter), every time', async () => {
    const user = userEvent.setup();
    render(<CodeForm />);
    const field = screen.getByLabelText('Code');
    await user.type(field, '000000{Enter}');
    await screen.findByText(WRONG, { selector: 'p' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(WRONG);
    expect(spoken()).toBe(`Code: ${WRONG}`);

    // The same message after another attempt is read again: emptied, then written anew.
    const region = document.querySelector('[aria-live="polite"]')!;
    const said: string[] = [];
    new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(said).toEqual(['', `Code: ${WRONG}`]));

    // Gone once focus leaves the field: the page is not read with the message twice.
    await user.tab();
    expect(spoken()).toBe('');
  });

  it('stays silent when focus moves to the field, whose message is then read with it', async () => {
    const user = userEvent.setup();
    render(<CodeForm />);
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(WRONG, { selector: 'p' });
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(spoken()).toBe('');
  });
});
