import { VALIDATION_MESSAGES } from '@staff-admin/shared';
import { MULTIPART_MESSAGES } from '../../http/multipart-reader.js';

/**
 * The upload calls' answers: the form reader's (http/multipart-reader.ts), then the uploads' own.
 * The size and type texts are SPEC §5's (shared); the others are the server's own and live here
 * until they are needed on the site too.
 */
export const UPLOAD_MESSAGES = {
  ...MULTIPART_MESSAGES,
  fileTypeInvalid: VALIDATION_MESSAGES.fileTypeInvalid,
  tooManyFiles: 'Please upload at most 5 files at once.',
  oneFileAtATime: 'Please upload one file at a time.',
  tooManyUnused:
    'You have too many uploaded pictures that are not in use. Save one to a profile, or try again later.',
  dimensionsTooLarge: 'Image dimensions are too large: at most 40 megapixels.',
  unreadableImage: 'The image could not be read. Please choose another file.',
} as const;
