/** The lockout module's face: what the rest of the server may use of it. */
export { createLockoutModule } from './lockout.module.js';
export type { LockoutModule, LockoutModuleDeps } from './lockout.module.js';
export { MAX_LOCK_MS, recordLock } from './login-lockout.js';
export type { Attempt, LoginLockout } from './login-lockout.js';
