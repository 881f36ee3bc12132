import { SCIM_TOKEN_NAME_MAX_LENGTH, SCIM_TOKENS_MAX } from './constants.js';

/** Texts of Monitoring › Directory and of the users the directory manages (issue 36). */
export const DIRECTORY_MESSAGES = {
  managedByDirectory: 'Managed by directory',
  /** Why a directory-managed user's name, email, role and status cannot be edited here. */
  managedByDirectoryReason:
    "This person is provisioned from your company's directory: change their name, email, role and status there. Changes made here would be overwritten by the next sync.",
  fieldManagedByDirectory: "Managed by your company's directory",
  tokenNameRequired: 'Please give the token a name.',
  tokenNameTooLong: `Please use at most ${SCIM_TOKEN_NAME_MAX_LENGTH} characters.`,
  tokenNameInvalidCharacters: 'The name contains characters that are not allowed.',
  tokenNameTaken: 'A token with this name already exists.',
  tooManyTokens: `At most ${SCIM_TOKENS_MAX} tokens can be live at once. Revoke one first.`,
  tokenNotFound: 'Token not found',
  tokenCreated: 'The token is ready. Copy it now: it is not shown again.',
  tokenRotated: 'The token has a new secret. Copy it now: the old one no longer works.',
  tokenRevoked: (name: string) => `The token “${name}” no longer works.`,
  /** 409 on an edit by hand of a field the directory owns. */
  fieldOwnedByDirectory:
    "This person is provisioned from your company's directory: change this in the directory.",
} as const;
