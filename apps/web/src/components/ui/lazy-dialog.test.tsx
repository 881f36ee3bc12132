import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogOpenProps } from './dialog.js';
import { lazyDialog } from './lazy-dialog.js';

function NameDialog(props: DialogOpenProps) {
  return (
    <Dialog {...props} title="Name">
      <input aria-label="Name" />
    </Dialog>
  );
}

/** The load the test answers when it chooses, as a slow network would. */
function heldLoad() {
  let answer: (dialog: ComponentType<DialogOpenProps>) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<ComponentType<DialogOpenProps>>((resolve) => {
        answer = resolve;
      }),
  );
  return { load, answer: (dialog: ComponentType<DialogOpenProps>) => answer(dialog) };
}

function Screen({ Lazy }: { Lazy: ComponentType<DialogOpenProps> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add a name
      </button>
      <Lazy open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('lazyDialog', () => {
  it('loads its code when first opened, takes focus once in and gives it back on closing', async () => {
    const user = userEvent.setup();
    const { load, answer } = heldLoad();
    render(<Screen Lazy={lazyDialog(load)} />);
    expect(load).not.toHaveBeenCalled();

    const opener = screen.getByRole('button', { name: 'Add a name' });
    await user.click(opener);
    expect(load).toHaveBeenCalledOnce();
    // Loading: a status that takes no focus, so the dialog knows what opened it.
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(opener).toHaveFocus();

    answer(NameDialog);
    const dialog = await screen.findByRole('dialog', { name: 'Name' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // Opened again, it is there at once, from the code already loaded.
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Name' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('says from the props whether it is open when they have no `open`', async () => {
    const load = vi.fn(() =>
      Promise.resolve(({ name }: { name: string | null }) => <p>Renaming {name}</p>),
    );
    const Rename = lazyDialog(load, ({ name }) => name !== null);
    const { rerender } = render(<Rename name={null} />);
    expect(load).not.toHaveBeenCalled();

    rerender(<Rename name="Ada" />);
    expect(await screen.findByText('Renaming Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });
});
