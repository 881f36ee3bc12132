/** The uploads module's face: what the rest of the server may use of it. */
export { UploadStorage } from './upload-storage.js';
export { UploadsRepository } from './uploads.repository.js';
export type { UploadRow } from './uploads.repository.js';
export { uploadsRoutes } from './uploads.routes.js';
export { UploadsService } from './uploads.service.js';
