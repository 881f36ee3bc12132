/** Signing in: the words both sides show (no zod, so the login page takes them alone). */

/** The button's text: "Sign in with {name}". */
export const ssoButtonLabel = (displayName: string) => `Sign in with ${displayName}`;

/** What a password sign-in, forgotten password or change of password answers on an SSO-only domain. */
export const ssoRequiredMessage = (displayName: string) => `Use Sign in with ${displayName}.`;
