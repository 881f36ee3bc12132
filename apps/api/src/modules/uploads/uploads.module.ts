import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, UploadStorageKind } from '../../config/env.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/index.js';
import { DatabaseUploadStorage } from './database-storage.js';
import { DiskUploadStorage } from './disk-storage.js';
import { IncomingFolders } from './incoming-folders.js';
import type { UploadStorage } from './upload-storage.js';
import type { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

export interface UploadsModuleDeps {
  repositories: { uploads: UploadsRepository; audit: AuditRepository };
  db: Kysely<DB>;
  uploadDir: string;
  uploadStorage: UploadStorageKind;
  limits: Pick<Config['limits'], 'unusedUploadFiles' | 'unusedUploadBytes'>;
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface UploadsModule {
  uploads: UploadsService;
}

/** The store UPLOAD_STORAGE names: files under UPLOAD_DIR, or the database's `upload_blobs`. */
export function createUploadStorage(
  kind: UploadStorageKind,
  deps: { db: Kysely<DB>; uploadDir: string; clock: Clock },
): UploadStorage {
  return kind === 'database'
    ? new DatabaseUploadStorage(deps.db, deps.clock)
    : new DiskUploadStorage(deps.uploadDir);
}

export function createUploadsModule(deps: UploadsModuleDeps): UploadsModule {
  const { repositories, limits } = deps;
  return {
    uploads: new UploadsService(
      repositories.uploads,
      createUploadStorage(deps.uploadStorage, deps),
      new IncomingFolders(deps.uploadDir),
      deps.log,
      repositories.audit,
      { maxFiles: limits.unusedUploadFiles, maxBytes: limits.unusedUploadBytes },
      deps.clock,
    ),
  };
}
