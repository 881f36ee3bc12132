/** The uploads module's face: what the rest of the server may use of it. */
export { createUploadsModule, createUploadStorage } from './uploads.module.js';
export { moveUploads } from './move-uploads.js';
export type { MoveReport } from './move-uploads.js';
export type { UploadsModule, UploadsModuleDeps } from './uploads.module.js';
export { UploadsRepository } from './uploads.repository.js';
export type { UploadRow } from './uploads.repository.js';
export { uploadsRoutes } from './uploads.routes.js';
export type { UploadsService } from './uploads.service.js';
