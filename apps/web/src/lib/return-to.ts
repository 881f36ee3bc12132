import type { Location } from 'react-router';

/**
 * The page a user asked for before a guard sent them elsewhere (to log in, to set up two-step
 * sign-in), carried in router state as `from` through every step until they get there: the
 * login, the second step, the forced set-up.
 */
export interface ReturnState {
  from: string;
}

/** The router state that remembers `location` as the page to come back to. */
export const returnState = ({ pathname, search, hash }: Location): ReturnState => ({
  from: `${pathname}${search}${hash}`,
});

/** Every sign-in step's path starts so (config/paths.ts): never a page to come back to. */
const SIGN_IN_STEPS = '/auth/';

/**
 * The page to come back to that `state` remembers, if it holds one of this site's pages: a path
 * of its own (not `//host` or `/\host`, which a browser reads as another site), and not a
 * sign-in step.
 */
export function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from)) return null;
  return from.startsWith(SIGN_IN_STEPS) ? null : from;
}
