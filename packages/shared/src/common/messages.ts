/** Every text of SPEC §5 and §8, word for word, and the server's own messages (CONTRACT §4). */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Please enter email.',
  emailInvalid: 'Email is invalid.',
  passwordRequired: 'Please enter password.',
  passwordInvalid: 'Password is invalid.',
  tokenRequired: 'Please enter token.',
  newPasswordRequired: 'Please enter new password.',
  confirmPasswordRequired: 'Please enter confirm password.',
  passwordStrength:
    'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
  passwordTooLong: 'Please enter at most 256 characters.',
  passwordCommon: 'This password is too common. Please choose another one.',
  passwordContainsEmail: 'Please choose a password that does not contain your email.',
  passwordMismatch: "Password don't match.",
  fullNameRequired: 'Please enter full name',
  fullNameTooLong: 'Please enter at most 100 characters.',
  fullNameInvalidCharacters: 'Please remove the invisible or control characters from the name.',
  searchInvalidCharacters: 'Please remove the control characters from the search.',
  /** Any text, anywhere (apps/api/src/http/validator.ts): NUL is never valid. */
  nulCharacter: 'Please remove the null characters (U+0000).',
  positionRequired: 'Please select role',
  inviteRowsRequired: 'Please add at least one person to invite.',
  inviteRowsTooMany: 'Please invite at most 100 people at once.',
  emailsTooMany: 'Please enter at most 100 emails.',
  fileTooLarge: 'File size must be less than 5 MB',
  fileTypeInvalid: 'File type must be .png, .jpg, .jpeg',
} as const;

export const TOAST_MESSAGES = {
  resetLinkSent: 'Check your email! The reset password email has already been resent.',
  passwordReset: 'Your password has been reset.',
  registered: 'You have successfully registered and logged in.',
  invitationSent: 'Invitation sent! The new user can activate their account via the email link.',
  resetEmailSent:
    'Reset password email sent! This user can reset their password via the email link.',
  changesSaved: 'Your changes have been saved.',
  /** Not in SPEC §8: after an admin deletes a record. */
  recordDeleted: 'The record has been deleted.',
  sessionRevoked: 'The session has been revoked.',
  loggedOut: 'You have been logged out.',
  /** Not in SPEC §8: the change-password screen's own success text. */
  passwordChanged: 'Your password has been changed.',
  invalidToken: 'Invalid token.',
  tokenExpired: 'Token is expired.',
  fallbackError: 'Something wrong.',
} as const;

/** Messages the server answers with; the site matches the first two on login (SPEC §8). */
export const API_MESSAGES = {
  userNotFound: 'User not found',
  passwordMismatch: 'The provided password does not match',
  accountPending: 'This account is not activated yet. Use the link in your invitation email.',
  accountInactive: 'This account is inactive. Ask an administrator to reactivate it.',
  invalidToken: 'Invalid token',
  tokenExpired: 'Token is expired',
  samePassword: 'New password must be different from the current password.',
  duplicateEmailInList: 'This email appears more than once in the list.',
  notPending: 'This user has already activated their account. Use Reset Password instead.',
  unauthorized: 'Authentication required',
  sessionEnded: 'Your session has ended. Please log in again.',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  emailTaken: 'This email is already in use',
  tooManyRequests: 'Too many attempts. Please try again later.',
  accountLocked: 'Too many failed logins for this email. Please try again later.',
  validationFailed: 'Some fields are invalid',
  malformedBody: 'The request body is not valid JSON',
  /** A query parameter the call does not take (a misspelt one is never ignored). */
  unknownParameter: 'This call does not take this parameter',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'This content type is not supported',
  internalError: 'Something went wrong on our side. Please try again.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  storageFull: 'There is no room left to store files. Please try again later.',
} as const;
