// The shared package by area: each folder holds its area's constants and messages (no zod, so a
// screen can import a label without every schema), its request schemas and its answers' types.
// `common/` is what no one area owns. Site and server import this index only.
export * from './common/api.js';
export * from './common/constants.js';
export * from './common/csv-columns.js';
export * from './common/dates.js';
export * from './common/email.js';
export * from './common/messages.js';
export * from './common/plural.js';
export * from './common/schemas.js';
export * from './common/text.js';

export * from './auth/constants.js';
export * from './auth/messages.js';
export * from './auth/refusal-messages.js';
export * from './auth/password.js';
export * from './auth/password-policy.js';
export * from './auth/roles.js';
export * from './auth/schemas.js';
export * from './auth/types.js';

export * from './users/constants.js';
export * from './users/csv.js';
export * from './users/messages.js';
export * from './users/schemas.js';
export * from './users/types.js';

export * from './two-step/constants.js';
export * from './two-step/messages.js';
export * from './two-step/schemas.js';
export * from './two-step/types.js';

export * from './budgeting/constants.js';
export * from './budgeting/messages.js';
export * from './budgeting/money.js';
export * from './budgeting/schemas.js';
export * from './budgeting/types.js';

export * from './monitoring/constants.js';
export * from './monitoring/messages.js';
export * from './monitoring/schemas.js';
export * from './monitoring/types.js';
export * from './monitoring/alert-rules.js';
export * from './monitoring/alert-channels.js';

export * from './directory/constants.js';
export * from './directory/messages.js';
export * from './directory/schemas.js';
export * from './directory/types.js';
