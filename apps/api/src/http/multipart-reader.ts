import { open } from 'node:fs/promises';
import path from 'node:path';
import { API_MESSAGES, AVATAR_MAX_BYTES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import { DomainError, invalid } from '../lib/errors.js';

/** What a form that carries files is answered when it cannot be read as one. */
export const MULTIPART_MESSAGES = {
  fileTooLarge: VALIDATION_MESSAGES.fileTooLarge,
  noFile: 'Please choose a file to upload.',
  requestTooLarge: 'The upload is too large: at most 10 MB per request.',
  malformedForm: 'The upload could not be read: the form data is malformed.',
} as const;

/** A request body's files together (and the body as a whole, by its Content-Length). */
export const UPLOAD_REQUEST_MAX_BYTES = 10 * 1024 * 1024;

export interface IncomingFile {
  /** A file in the request's incoming folder holding the bytes as received. */
  path: string;
  size: number;
  /** As the client named it, cleaned (cleanFileName): only ever stored and echoed, never a path. */
  filename: string;
}

export interface ReadOptions {
  /** The form field whose files are read; files of other fields are read and dropped. */
  field: string;
  maxFiles: number;
  tooManyFiles: string;
}

/**
 * The high-water mark of busboy's part streams. A part busboy skips (no `form-data` disposition)
 * whose data fills the mark within one write, closing boundary included, never ends: the request
 * would hang (@fastify/busboy 3.2.6). A socket read is at most 64 KB, so no write can fill this.
 */
export const PART_HIGH_WATER_MARK = 256 * 1024;

/** Control characters and the marks that reorder text on screen (a name could fake its extension). */
const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A client's file name made safe to store and echo, for every multipart file: no folders, no
 * control (NUL among them, which PostgreSQL cannot store) or direction characters, at most
 * `maxLength` characters.
 */
export function cleanFileName(filename: string, maxLength = 255): string {
  const base = filename.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_CHARACTERS, '').trim();
  return Array.from(cleaned).slice(0, maxLength).join('') || 'upload';
}

const requestTooLarge = () => new DomainError('too_large', MULTIPART_MESSAGES.requestTooLarge);

/**
 * Parser errors as the contract's answers: busboy's limits are 413, anything else it throws (no
 * boundary, a body cut short, broken part headers, a client gone) is a malformed body, 400.
 */
function multipartError(error: unknown, tooManyFiles: string): DomainError {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('too_large', MULTIPART_MESSAGES.fileTooLarge, { cause: error });
    case 'FST_FILES_LIMIT':
      return new DomainError('too_large', tooManyFiles, { cause: error });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new DomainError('too_large', API_MESSAGES.payloadTooLarge, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError('invalid', MULTIPART_MESSAGES.noFile, { cause: error });
    default:
      return new DomainError('invalid', MULTIPART_MESSAGES.malformedForm, { cause: error });
  }
}

/**
 * What the parser yields, its errors mapped. Only the parser's own failures pass through the
 * `catch`: an error thrown by the consumer's loop ends this generator with `return`, untouched.
 */
export async function* parsed<T>(
  source: AsyncIterable<T>,
  tooManyFiles: string,
): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    throw multipartError(error, tooManyFiles);
  }
}

/**
 * Streams the files of one form field into `folder`, one file each, never holding a whole file in
 * memory: at most AVATAR_MAX_BYTES each (413), UPLOAD_REQUEST_MAX_BYTES together (413), 400
 * without a file or for a malformed body.
 */
export async function readIncomingFiles(
  request: FastifyRequest,
  folder: string,
  { field, maxFiles, tooManyFiles }: ReadOptions,
): Promise<IncomingFile[]> {
  if (!request.isMultipart()) throw invalid(MULTIPART_MESSAGES.noFile);
  if (Number(request.headers['content-length']) > UPLOAD_REQUEST_MAX_BYTES) {
    throw requestTooLarge();
  }
  const parts = request.parts({
    fileHwm: PART_HIGH_WATER_MARK,
    limits: {
      fileSize: AVATAR_MAX_BYTES,
      files: maxFiles,
      fields: 10,
      fieldSize: 1024,
      parts: maxFiles + 10,
      headerPairs: 20,
    },
  });
  const files: IncomingFile[] = [];
  let received = 0;
  for await (const part of parsed(parts, tooManyFiles)) {
    if (part.type !== 'file') continue;
    const keep = part.fieldname === field;
    const target = path.join(folder, `${files.length}`);
    const handle = keep ? await open(target, 'wx', 0o600) : undefined;
    let size = 0;
    try {
      for await (const chunk of parsed<Buffer>(part.file, tooManyFiles)) {
        size += chunk.length;
        received += chunk.length;
        // Also without a Content-Length (a chunked body).
        if (received > UPLOAD_REQUEST_MAX_BYTES) throw requestTooLarge();
        await handle?.write(chunk);
      }
    } finally {
      await handle?.close();
    }
    if (part.file.truncated) throw new DomainError('too_large', MULTIPART_MESSAGES.fileTooLarge);
    if (keep) files.push({ path: target, filename: cleanFileName(part.filename), size });
  }
  if (files.every((file) => file.size === 0)) throw invalid(MULTIPART_MESSAGES.noFile);
  return files;
}
