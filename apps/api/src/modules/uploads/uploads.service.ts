import { createHash } from 'node:crypto';
import type { UploadDir, UploadedFile } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toIso, type Clock } from '../../lib/clock.js';
import { rateLimited } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { processImage, type ProcessedImage } from './image-processing.js';
import type { IncomingFile } from '../../http/multipart-reader.js';
import type { IncomingFolders } from './incoming-folders.js';
import { isStoredName, isUploadDir, publicPath, type UploadStorage } from './upload-storage.js';
import { UPLOAD_MESSAGES } from './uploads.messages.js';
import type { UnusedUsage, UploadRow, UploadsRepository } from './uploads.repository.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';

/** Uploads nobody's picture points at are removed once they are this old. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Incoming folders older than this were left by a crash (a request never takes this long). */
const STALE_INCOMING_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** How much each user may keep in uploads that are no user's picture (UPLOAD_UNUSED_MAX_*). */
export interface UnusedUploadLimits {
  maxFiles: number;
  maxBytes: number;
}

export interface StoredFile {
  data: Buffer;
  contentType: string;
  /** A strong ETag from the bytes' SHA-256: the same whichever store holds them. */
  etag: string;
}

/**
 * Pictures: checked and re-encoded (image-processing.ts), stored under a generated name, recorded
 * in `uploads` so the ones no user ends up pointing at can be swept, served back by path. Each
 * user keeps at most `limits` in uploads that are nobody's picture (429 beyond).
 */
export class UploadsService {
  constructor(
    private readonly repository: UploadsRepository,
    private readonly storage: UploadStorage,
    private readonly incoming: IncomingFolders,
    private readonly log: FastifyBaseLogger,
    private readonly audit: AuditRepository,
    private readonly limits: UnusedUploadLimits,
    private readonly clock: Clock,
  ) {}

  /** Runs `use` with a new folder for one request's incoming files, removed afterwards. */
  async withIncomingFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
    const folder = await this.incoming.create();
    try {
      return await use(folder);
    } finally {
      await this.incoming.remove(folder);
    }
  }

  /** 429 when the user has no room left for another unused upload: before reading any file. */
  async assertRoomForUploads(ownerId: string): Promise<void> {
    const usage = await this.repository.unusedUsage(ownerId);
    if (usage.count >= this.limits.maxFiles || usage.bytes >= this.limits.maxBytes) {
      throw this.tooManyUnused(usage);
    }
  }

  /**
   * All files are checked before any is stored: one bad file stores none. The rows are inserted
   * first and the user's unused uploads counted afterwards, so that concurrent calls can never
   * leave more than the limits behind (each sees the others' rows; over the limits, it takes its
   * own back and answers 429).
   */
  async store(
    dir: UploadDir,
    files: IncomingFile[],
    ownerId: string,
    origin: RequestOrigin,
  ): Promise<UploadedFile[]> {
    const processed: { image: ProcessedImage; originalName: string }[] = [];
    for (const file of files) {
      processed.push({ image: await processImage(file.path), originalName: file.filename });
    }

    const stored: { name: string; path: string; image: ProcessedImage }[] = [];
    try {
      for (const { image } of processed) {
        const name = `${newId()}.${image.extension}`;
        const path = publicPath(dir, name);
        await this.storage.write(dir, name, image.data);
        try {
          await this.repository.insert({
            id: newId(),
            path,
            dir,
            name,
            content_type: image.contentType,
            size: image.data.length,
            owner_id: ownerId,
            created_at: toIso(this.clock.now()),
          });
        } catch (error) {
          // No row (the database may be gone): nothing would ever remove the file but this.
          await this.storage.remove(dir, name).catch(() => {});
          throw error;
        }
        stored.push({ name, path, image });
      }
      const usage = await this.repository.unusedUsage(ownerId);
      if (usage.count > this.limits.maxFiles || usage.bytes > this.limits.maxBytes) {
        throw this.tooManyUnused(usage);
      }
      for (const { path, image } of stored) {
        await this.audit.record({
          action: 'upload.created',
          actorId: ownerId,
          targetId: ownerId,
          origin,
          details: { path, contentType: image.contentType, size: image.data.length },
        });
      }
    } catch (error) {
      // Each file goes with its row; a row that cannot be deleted now (the database is gone)
      // keeps its file, and both are swept later as an unused upload.
      await Promise.allSettled(
        stored.map(async (file) => {
          await this.repository.deleteByPath(file.path);
          await this.storage.remove(dir, file.name);
        }),
      );
      throw error;
    }
    return stored.map(({ path, image }, index) => ({
      path,
      originalName: processed[index]!.originalName,
      size: image.data.length,
    }));
  }

  /** 429, to retry once the oldest unused upload is old enough to be swept. */
  private tooManyUnused(usage: UnusedUsage) {
    const now = this.clock.now();
    const sweptAt = usage.oldestCreatedAt
      ? Date.parse(usage.oldestCreatedAt) + UNREFERENCED_UPLOAD_TTL_MS
      : now;
    return rateLimited(UPLOAD_MESSAGES.tooManyUnused, (sweptAt - now) / 1000);
  }

  /** A stored file by folder and name, or undefined for anything unknown or malformed. */
  async read(dir: string, name: string): Promise<StoredFile | undefined> {
    if (!isUploadDir(dir) || !isStoredName(name)) return undefined;
    const row = await this.repository.findByPath(publicPath(dir, name));
    if (!row) return undefined;
    const data = await this.storage.read(row.dir, row.name);
    return data && { data, contentType: row.content_type, etag: etagOf(data) };
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
   * files whose owner never saved them), and incoming folders a crash left. Returns how many
   * uploads were removed.
   */
  async sweep(now: number = this.clock.now()): Promise<number> {
    await this.incoming.removeStale(now - STALE_INCOMING_MS);
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

const etagOf = (data: Buffer): string =>
  `"${createHash('sha256').update(data).digest('base64url')}"`;
