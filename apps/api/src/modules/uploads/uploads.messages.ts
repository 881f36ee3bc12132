import { VALIDATION_MESSAGES } from '@staff-admin/shared';

/**
 * The upload calls' answers. The size and type texts are SPEC §5's (shared); the others are the
 * server's own and live here until they are needed on the site too.
 */
export const UPLOAD_MESSAGES = {
  fileTooLarge: VALIDATION_MESSAGES.fileTooLarge,
  fileTypeInvalid: VALIDATION_MESSAGES.fileTypeInvalid,
  noFile: 'Please choose a file to upload.',
  tooManyFiles: 'Please upload at most 10 files at once.',
  dimensionsTooLarge: 'Image dimensions are too large: at most 40 megapixels.',
  unreadableImage: 'The image could not be read. Please choose another file.',
} as const;
