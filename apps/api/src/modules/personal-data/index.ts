/** The personal-data module's face: what the rest of the server may use of it. */
export { personalDataRoutes } from './personal-data.routes.js';
export { PersonalDataService } from './personal-data.service.js';
