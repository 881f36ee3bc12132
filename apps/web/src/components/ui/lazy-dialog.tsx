import { lazy, Suspense, useState, type ComponentType } from 'react';
import { DIALOG_BACKDROP_CLASS } from './dialog-backdrop.js';
import type { DialogOpenProps } from './dialog.js';
import { Spinner } from './spinner.js';

/**
 * A dialog whose code (its form, the form's validation, a CSV parser) loads the first time it
 * opens instead of with the screen that offers it. While it loads, the dialog's backdrop shows a
 * spinner that takes no focus, so focus stays on what opened the dialog: Dialog then takes it as
 * usual and gives it back on closing. Once opened, the dialog stays mounted, as an eager one is,
 * so it closes the same way. Like a route's chunk, a chunk that fails to load is shown by the
 * route's error screen.
 *
 * `isOpen` says from the props whether the dialog is open (by default their `open`).
 */
export function lazyDialog<P extends DialogOpenProps>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as Partial<DialogOpenProps>).open === true,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={<DialogLoading />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** The dialog's backdrop (as Dialog draws it) with a spinner, until the dialog's code is in. */
function DialogLoading() {
  return (
    <div className={DIALOG_BACKDROP_CLASS}>
      <Spinner text="Loading…" className="rounded-xl bg-white px-4 py-3 shadow-xl" />
    </div>
  );
}
