export * from './api-types.js';
export * from './constants.js';
export * from './email.js';
export * from './messages.js';
export * from './password.js';
export * from './password-policy.js';
export * from './roles.js';
export * from './schemas.js';
