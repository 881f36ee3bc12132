/**
 * The SSO button's and the required-domain note's words, in a chunk of their own: shared's SSO
 * module also holds the exchange's zod schema, which the login page's first load must not carry
 * (zod comes with the form's validation, once the visitor starts filling it in).
 */
export { ssoButtonLabel, ssoRequiredMessage } from '@staff-admin/shared';
