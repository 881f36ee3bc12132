import { VALIDATION_MESSAGES } from '@staff-admin/shared';

/**
 * The upload calls' answers. The size and type texts are SPEC §5's (shared); the others are the
 * server's own and live here until they are needed on the site too.
 */
export const UPLOAD_MESSAGES = {
  fileTooLarge: VALIDATION_MESSAGES.fileTooLarge,
  fileTypeInvalid: VALIDATION_MESSAGES.fileTypeInvalid,
  noFile: 'Please choose a file to upload.',
  tooManyFiles: 'Please upload at most 5 files at once.',
  oneFileAtATime: 'Please upload one file at a time.',
  requestTooLarge: 'The upload is too large: at most 10 MB per request.',
  malformedForm: 'The upload could not be read: the form data is malformed.',
  tooManyUnused:
    'You have too many uploaded pictures that are not in use. Save one to a profile, or try again later.',
  dimensionsTooLarge: 'Image dimensions are too large: at most 40 megapixels.',
  unreadableImage: 'The image could not be read. Please choose another file.',
} as const;
