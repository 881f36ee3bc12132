import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  VALIDATION_MESSAGES,
} from '@staff-admin/shared';

/** The picture of a profile form: the stored one (`file` null) or one chosen but not uploaded. */
export interface ProfileImage {
  name: string;
  /** The stored path, or a data URL previewing the chosen file. */
  url: string;
  file: File | null;
}

/** What the file input accepts; the server checks the content again (CONTRACT §5). */
export const PICTURE_ACCEPT = [...AVATAR_EXTENSIONS, ...AVATAR_MIME_TYPES].join(',');

/** SPEC §5's avatar rules, checked before anything is uploaded; null when the file may go. */
export function pictureProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!AVATAR_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return VALIDATION_MESSAGES.fileTypeInvalid;
  }
  if (file.size > AVATAR_MAX_BYTES) return VALIDATION_MESSAGES.fileTooLarge;
  return null;
}

/** The picture a user has now, as the form holds it. */
export function storedImage(imageUrl: string | null): ProfileImage | null {
  if (!imageUrl) return null;
  return { name: imageUrl.slice(imageUrl.lastIndexOf('/') + 1), url: imageUrl, file: null };
}

/** A data URL of the file, to preview it before it is uploaded (nothing to revoke later). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Cannot read ${file.name}`));
    reader.readAsDataURL(file);
  });
}
