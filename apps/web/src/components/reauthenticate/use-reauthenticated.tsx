import { useCallback, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-error.js';
import { useAuth } from '../../lib/auth.js';
import { ReauthenticateDialog } from './reauthenticate-dialog.js';

/** The user closed "Confirm your password": the change they asked for was not made. */
export class ReauthenticationCancelled extends Error {
  constructor() {
    super('Re-authentication cancelled');
    this.name = 'ReauthenticationCancelled';
  }
}

export function isReauthenticationCancelled(error: unknown): error is ReauthenticationCancelled {
  return error instanceof ReauthenticationCancelled;
}

/** A sensitive call refused until the password is entered again (issue 15). */
export function isReauthenticationRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.reason === 'reauthentication_required';
}

interface Waiting {
  resolve: () => void;
  reject: (error: ReauthenticationCancelled) => void;
}

/**
 * Runs sensitive calls: when one answers 403 `reauthentication_required`, "Confirm your
 * password" opens, and once the password (and code) is accepted the call is made once more and
 * its result returned. Closing the dialog rejects with `ReauthenticationCancelled`, which callers
 * let go silently (`isReauthenticationCancelled`). Render `dialog` next to the actions.
 *
 * ```tsx
 * const { run, dialog } = useReauthenticated();
 * await run(() => turnOff.mutateAsync());
 * ```
 *
 * `finalFocus`: where focus goes when the dialog closes and what had focus when it opened is gone
 * (a confirmation that closed before the call was made).
 */
export function useReauthenticated({
  finalFocus,
}: { finalFocus?: () => HTMLElement | null } = {}): {
  run: <T>(call: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!isReauthenticationRequired(error)) throw error;
    }
    await new Promise<void>((resolve, reject) => {
      waiting.current = { resolve, reject };
      setOpen(true);
    });
    return call();
  }, []);

  const settle = (confirmed: boolean) => {
    const pending = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) pending?.resolve();
    else pending?.reject(new ReauthenticationCancelled());
  };

  const dialog = (
    <ReauthenticateDialog
      open={open}
      withCode={user?.twoStepEnabled ?? false}
      onConfirmed={() => settle(true)}
      onCancel={() => settle(false)}
      finalFocus={finalFocus}
    />
  );
  return { run, dialog };
}
