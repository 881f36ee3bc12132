import { useSyncExternalStore } from 'react';
import { onAccessRefused } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { subscribeToSession } from '../../../lib/session.js';

/**
 * Set when a call was refused with `reason: "two_step_setup_required"` (issue 15): the user's
 * role requires two-step sign-in and they have none, so the signed-in pages send them to its
 * set-up screen whatever the profile said when it was loaded. Cleared when the set-up is done or
 * the session ends. Loaded with the signed-in pages (app/routes/app/root.tsx), before any of
 * their calls, not with the first page.
 */
let required = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (required === next) return;
  required = next;
  for (const listener of listeners) listener();
}

export function clearTwoStepSetupFlag(): void {
  set(false);
}

onAccessRefused((reason) => {
  if (reason === 'two_step_setup_required') set(true);
});

// Signing out (here or in another tab) ends what the flag said.
subscribeToSession((tokens) => {
  if (tokens === null) clearTwoStepSetupFlag();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isFlagged = () => required;

/**
 * The signed-in user must set up two-step sign-in before anything else (issue 15): their role
 * requires it and they have none, or a call was refused for that reason.
 */
export function useTwoStepSetupRequired(): boolean {
  const { user } = useAuth();
  const flagged = useSyncExternalStore(subscribe, isFlagged);
  if (!user) return false;
  return flagged || (user.twoStepRequired && !user.twoStepEnabled);
}
