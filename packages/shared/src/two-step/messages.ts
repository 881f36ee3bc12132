import { PASSKEY_NAME_MAX_LENGTH } from './constants.js';

export const TWO_STEP_MESSAGES = {
  codeRequired: 'Please enter the code.',
  codeInvalid: 'Please enter the 6-digit code from your authenticator app.',
  recoveryCodeInvalid: 'Please enter a recovery code as shown, e.g. ABCDE-FGHIJ.',
  passkeyNameRequired: 'Please enter a name for the passkey.',
  passkeyNameTooLong: `Please enter at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  passkeyNameInvalidCharacters: 'Please remove the invisible or control characters from the name.',
  // Server answers
  wrongCode: 'The code is not valid. Check your authenticator app and try again.',
  wrongRecoveryCode: 'This recovery code is not valid or has been used.',
  challengeInvalid: 'Your sign-in has expired. Please log in again.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered for your account.',
  setupRequired: 'Your role requires two-step sign-in. Please set it up to continue.',
  reauthenticationRequired: 'Please confirm your password to continue.',
  totpAlreadyOn: 'Two-step sign-in with an authenticator app is already on.',
  totpNotStarted: 'Start the setup again: scan the new QR code and enter its code.',
  totpNotOn: 'Two-step sign-in with an authenticator app is not on.',
  noSecondFactor: 'Two-step sign-in is not on for this account.',
  passkeysNeedHostName:
    'Passkeys cannot be added here: browsers allow them only on a site reached by a host name, ' +
    'and this one is reached by an IP address. Ask your administrator to set APP_URL to a host name.',
  // Site texts
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in has been turned off.',
  recoveryCodesRegenerated: 'New recovery codes are ready. The old ones no longer work.',
  passkeyAdded: 'The passkey has been added.',
  passkeyRemoved: 'The passkey has been removed.',
  passkeyRenamed: 'The passkey has been renamed.',
  resetByAdmin: 'Two-step sign-in has been reset. The user has been told by email.',
  lowRecoveryCodes: 'You have few recovery codes left. Make new ones.',
  // Site texts added by the site (issue 15)
  keyCopied: 'The key has been copied.',
  recoveryCodesCopied: 'The recovery codes have been copied.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  passkeyCancelled: 'The passkey was not used. Try again, or use another way.',
  passkeyUnsupported: 'This browser cannot use passkeys.',
} as const;
