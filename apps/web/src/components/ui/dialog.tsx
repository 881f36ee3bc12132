import * as RadixDialog from '@radix-ui/react-dialog';
import { LAYOUT } from '@staff-admin/shared';
import clsx from 'clsx';
import { useRef, type ReactNode } from 'react';
import { Button } from './button.js';
import { DIALOG_BACKDROP_CLASS } from './dialog-backdrop.js';
import { XIcon } from 'lucide-react';

/** A dialog its opener shows and hides. */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface DialogProps extends DialogOpenProps {
  title: string;
  /** One or two sentences under the title, read out when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** 'modal' is 720px wide at most, 'confirm' 560px (SPEC §9). */
  size?: 'modal' | 'confirm';
  /** `alertdialog` for questions that need an answer before going on. */
  role?: 'dialog' | 'alertdialog';
  /** Hides the × button (confirm dialogs answer with their own buttons). */
  hideCloseButton?: boolean;
  /** Refuses to close (Escape, outside press, ×) while something runs. */
  preventClose?: boolean;
  /** Where focus goes on closing when the opener is gone (e.g. its row was removed). */
  finalFocus?: () => HTMLElement | null;
  className?: string;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

const MAX_WIDTHS = { modal: LAYOUT.modalMaxWidth, confirm: LAYOUT.confirmDialogMaxWidth };

/**
 * A modal dialog: focus is kept inside, the page behind is inert, Escape and a press outside
 * close it and focus goes back to what opened it. The overlay scrolls, so a tall dialog fits
 * any screen, and menus opened inside it are not clipped.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'modal',
  role = 'dialog',
  hideCloseButton = false,
  preventClose = false,
  finalFocus,
  className,
}: DialogProps) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs open from any button, so the
  // element that had focus when the dialog opened gets it back.
  const opener = useRef<HTMLElement | null>(null);
  const changeOpen = (next: boolean) => {
    if (next || !preventClose) onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        {/* One column exactly as wide as the window allows: what is inside a dialog (a file field,
            a wide table in its own scroller) can never make it wider than the screen. */}
        <RadixDialog.Overlay
          className={clsx(
            DIALOG_BACKDROP_CLASS,
            'grid-cols-[minmax(0,1fr)] overflow-y-auto p-4 sm:p-8',
          )}
        >
          <RadixDialog.Content
            role={role}
            onOpenAutoFocus={() => {
              const active = document.activeElement;
              // Opened from another dialog that has closed, focus may be on the body: no opener.
              opener.current =
                active instanceof HTMLElement && active !== document.body ? active : null;
            }}
            onCloseAutoFocus={(event) => {
              const opened = opener.current;
              opener.current = null;
              const target = opened?.isConnected ? opened : finalFocus?.();
              if (target) {
                event.preventDefault();
                if (!target.hasAttribute('tabindex') && !target.matches(FOCUSABLE)) {
                  target.tabIndex = -1;
                }
                target.focus();
              }
            }}
            style={{ maxWidth: MAX_WIDTHS[size] }}
            {...(description === undefined ? { 'aria-describedby': undefined } : {})}
            className={clsx(
              'relative w-full min-w-0 rounded-2xl bg-white p-6 shadow-xl focus-visible:outline-none sm:p-8',
              className,
            )}
          >
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="text-xl font-bold text-slate-900">
                {title}
              </RadixDialog.Title>
              {!hideCloseButton && (
                <RadixDialog.Close asChild>
                  <button
                    type="button"
                    aria-label="Close"
                    disabled={preventClose}
                    className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
                  >
                    <XIcon />
                  </button>
                </RadixDialog.Close>
              )}
            </div>
            {description !== undefined && (
              <RadixDialog.Description className="mt-2 text-slate-700">
                {description}
              </RadixDialog.Description>
            )}
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface ConfirmDialogProps extends DialogOpenProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Shows the confirm button busy and keeps the dialog open until the action ends. */
  isLoading?: boolean;
  /** The confirm button deletes something: styled as destructive (red). */
  destructive?: boolean;
  /** See Dialog. */
  finalFocus?: () => HTMLElement | null;
}

/** SPEC §2's confirm dialogs (save, delete): 560px, a question and two answers. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  isLoading = false,
  destructive = false,
  finalFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="confirm"
      role="alertdialog"
      hideCloseButton
      preventClose={isLoading}
      finalFocus={finalFocus}
    >
      <div className="mt-8 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={isLoading} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button isLoading={isLoading} destructive={destructive} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
