import type { UploadDir, UploadedFile } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { processImage, type ProcessedImage } from './image-processing.js';
import { isStoredName, isUploadDir, publicPath, type UploadStorage } from './upload-storage.js';
import type { UploadRow, UploadsRepository } from './uploads.repository.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { RequestOrigin } from '../audit/audit-events.js';

/** Uploads nobody's picture points at are removed once they are this old. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;
const ORIGINAL_NAME_MAX_LENGTH = 255;

export interface IncomingFile {
  data: Buffer;
  /** As the client named it: only ever echoed back (cleaned), never used as a path. */
  filename: string;
}

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Control characters and the marks that reorder text on screen (a name could fake its extension). */
const UNSAFE_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** The client's file name made safe to echo: no folders, no control or direction characters. */
export function cleanOriginalName(filename: string): string {
  const base = filename.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_CHARACTERS, '').trim();
  return Array.from(cleaned).slice(0, ORIGINAL_NAME_MAX_LENGTH).join('') || 'upload';
}

/**
 * Pictures: checked and re-encoded (image-processing.ts), stored under a generated name, recorded
 * in `uploads` so the ones no user ends up pointing at can be swept, served back by path.
 */
export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly storage: UploadStorage,
    private readonly log: FastifyBaseLogger,
    private readonly audit: AuditRepository,
  ) {}

  /** All files are checked before any is stored: one bad file stores none. */
  async store(
    dir: UploadDir,
    files: IncomingFile[],
    ownerId: string,
    origin: RequestOrigin,
  ): Promise<UploadedFile[]> {
    const processed: { image: ProcessedImage; originalName: string }[] = [];
    for (const file of files) {
      processed.push({ image: await processImage(file.data), originalName: file.filename });
    }

    const stored: { dir: UploadDir; name: string }[] = [];
    try {
      const result: UploadedFile[] = [];
      for (const { image, originalName } of processed) {
        const name = `${newId()}.${image.extension}`;
        await this.storage.write(dir, name, image.data);
        stored.push({ dir, name });
        const path = publicPath(dir, name);
        await this.repository.insert({
          id: newId(),
          path,
          dir,
          name,
          content_type: image.contentType,
          size: image.data.length,
          owner_id: ownerId,
          created_at: toIso(Date.now()),
        });
        await this.audit.record({
          action: 'upload.created',
          actorId: ownerId,
          targetId: ownerId,
          origin,
          details: { path, contentType: image.contentType, size: image.data.length },
        });
        result.push({
          path,
          originalName: cleanOriginalName(originalName),
          size: image.data.length,
        });
      }
      return result;
    } catch (error) {
      await Promise.allSettled(stored.map((file) => this.storage.remove(file.dir, file.name)));
      throw error;
    }
  }

  /** A stored file by folder and name, or undefined for anything unknown or malformed. */
  async read(dir: string, name: string): Promise<StoredFile | undefined> {
    if (!isUploadDir(dir) || !isStoredName(name)) return undefined;
    const row = await this.repository.findByPath(publicPath(dir, name));
    if (!row) return undefined;
    const data = await this.storage.read(row.dir, row.name);
    return data && { data, contentType: row.content_type };
  }

  /** Deletes the files of upload rows already removed from the database (after the commit). */
  async removeFiles(rows: Pick<UploadRow, 'dir' | 'name'>[]): Promise<void> {
    for (const row of rows) {
      try {
        await this.storage.remove(row.dir, row.name);
      } catch (error) {
        this.log.error({ err: error, file: `${row.dir}/${row.name}` }, 'could not remove upload');
      }
    }
  }

  /**
   * Removes uploads older than a day that no user's picture points at (abandoned uploads, and
   * files whose owner never saved them). Returns how many were removed.
   */
  async sweep(now: number = Date.now()): Promise<number> {
    const cutoff = toIso(now - UNREFERENCED_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const rows = await this.repository.findUnreferencedBefore(cutoff, SWEEP_BATCH);
      for (const row of rows) {
        if (await this.repository.deleteIfUnreferenced(row.id)) {
          await this.removeFiles([row]);
          removed += 1;
        }
      }
      if (rows.length < SWEEP_BATCH) return removed;
    }
  }
}
