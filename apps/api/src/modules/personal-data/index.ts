/** The personal-data module's face: what the rest of the server may use of it. */
export { createPersonalDataModule } from './personal-data.module.js';
export type { PersonalDataModule, PersonalDataModuleDeps } from './personal-data.module.js';
export { personalDataRoutes } from './personal-data.routes.js';
export type { PersonalDataService } from './personal-data.service.js';
