/** The lockout module's face: what the rest of the server may use of it. */
export { LoginLockout, MAX_LOCK_MS, recordLock } from './login-lockout.js';
export type { Attempt } from './login-lockout.js';
