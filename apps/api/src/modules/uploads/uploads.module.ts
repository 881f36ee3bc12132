import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/index.js';
import { UploadStorage } from './upload-storage.js';
import type { UploadsRepository } from './uploads.repository.js';
import { UploadsService } from './uploads.service.js';

export interface UploadsModuleDeps {
  repositories: { uploads: UploadsRepository; audit: AuditRepository };
  uploadDir: string;
  limits: Pick<Config['limits'], 'unusedUploadFiles' | 'unusedUploadBytes'>;
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface UploadsModule {
  uploads: UploadsService;
}

export function createUploadsModule(deps: UploadsModuleDeps): UploadsModule {
  const { repositories, limits } = deps;
  return {
    uploads: new UploadsService(
      repositories.uploads,
      new UploadStorage(deps.uploadDir),
      deps.log,
      repositories.audit,
      { maxFiles: limits.unusedUploadFiles, maxBytes: limits.unusedUploadBytes },
      deps.clock,
    ),
  };
}
