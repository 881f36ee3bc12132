import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './dialog.js';
import {
  REMOVABLE_ROWS_CAPTION_CLASS,
  removableRowProps,
  useRemovedRowFocus,
} from './use-removed-row-focus.js';

interface Row {
  id: string;
  /** A row without a control of its own (a cost in a closed month). */
  locked?: boolean;
}

/**
 * A table of rows, each with Remove (at once) and Delete (after a confirmation). With `later`,
 * Delete's confirmation removes nothing: the row goes afterwards, with "Refetch without the
 * first", as a refetch that comes after the dialog has closed would take it.
 */
function Table({ initial, later = false }: { initial: Row[]; later?: boolean }) {
  const [rows, setRows] = useState(initial);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const { attach: tableRef, finalFocus } = useRemovedRowFocus();
  const remove = (row: Row) => setRows((current) => current.filter(({ id }) => id !== row.id));
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setRows((current) => current.slice(1))}>
        Refetch without the first
      </button>
      <table ref={tableRef}>
        <caption className={REMOVABLE_ROWS_CAPTION_CLASS}>Things</caption>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td>Nothing left.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} {...removableRowProps(row.id)}>
                <td>{row.id}</td>
                <td>
                  {row.locked ? (
                    'Locked'
                  ) : (
                    <>
                      <button type="button" onClick={() => remove(row)}>
                        Remove {row.id}
                      </button>
                      <button type="button" onClick={() => setDeleting(row)}>
                        Delete {row.id}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete"
        description="Sure?"
        confirmLabel="Yes, delete"
        onConfirm={() => {
          if (deleting && !later) remove(deleting);
          setDeleting(null);
        }}
        finalFocus={finalFocus}
      />
    </>
  );
}

const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

describe('useRemovedRowFocus', () => {
  it('hands focus to the next row when the focused row goes', async () => {
    const user = userEvent.setup();
    render(<Table initial={rows('a', 'b', 'c')} />);
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(screen.queryByText('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove c' })).toHaveFocus();
  });

  it('hands focus to the previous row when the last row goes, then to the caption', async () => {
    const user = userEvent.setup();
    render(<Table initial={rows('a', 'b')} />);
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(screen.getByRole('button', { name: 'Remove a' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(screen.getByText('Nothing left.')).toBeVisible();
    expect(screen.getByText('Things')).toHaveFocus();
  });

  it('gives a confirmation dialog the neighbour of the row it removed', async () => {
    const user = userEvent.setup();
    render(<Table initial={rows('a', 'b', 'c')} />);
    await user.click(screen.getByRole('button', { name: 'Delete b' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove c' })).toHaveFocus();
  });

  it('moves focus on when the row goes after the dialog has given focus back to it', async () => {
    const user = userEvent.setup();
    render(<Table initial={rows('a', 'b')} later />);
    await user.click(screen.getByRole('button', { name: 'Delete a' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(screen.getByRole('button', { name: 'Delete a' })).toHaveFocus();
    // The refetch comes now: the row that has focus is no longer listed.
    await act(async () =>
      screen.getByRole('button', { name: 'Refetch without the first' }).click(),
    );
    expect(screen.getByRole('button', { name: 'Remove b' })).toHaveFocus();
  });

  it('focuses a neighbour without a control as a whole', async () => {
    const user = userEvent.setup();
    render(<Table initial={[{ id: 'a' }, { id: 'b', locked: true }]} />);
    await user.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(screen.getByRole('row', { name: /b Locked/ })).toHaveFocus();
  });

  it('leaves focus alone when it is elsewhere as a row goes', async () => {
    const user = userEvent.setup();
    render(<Table initial={rows('a', 'b')} />);
    await user.click(screen.getByRole('button', { name: 'Remove a' }));
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await act(async () =>
      screen.getByRole('button', { name: 'Refetch without the first' }).click(),
    );
    expect(screen.getByText('Nothing left.')).toBeVisible();
    expect(before).toHaveFocus();
  });
});
