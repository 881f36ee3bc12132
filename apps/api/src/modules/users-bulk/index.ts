/** The users-bulk module's face: what the rest of the server may use of it. */
export { UsersBulkRepository } from './users-bulk.repository.js';
export { usersBulkRoutes } from './users-bulk.routes.js';
export { BULK_ROWS_IN_FLIGHT_POSTGRES, UsersBulkService } from './users-bulk.service.js';
