import type { DbEngine } from '../../db/database.js';
import {
  BULK_ROWS_IN_FLIGHT_POSTGRES,
  UsersBulkService,
  type UsersBulkServiceDeps,
} from './users-bulk.service.js';

export type UsersBulkModuleDeps = Omit<UsersBulkServiceDeps, 'rowsInFlight'> & {
  /** Rows go in parallel on PostgreSQL only. */
  engine: DbEngine;
};

export interface UsersBulkModule {
  usersBulk: UsersBulkService;
}

export function createUsersBulkModule({ engine, ...deps }: UsersBulkModuleDeps): UsersBulkModule {
  return {
    usersBulk: new UsersBulkService({
      ...deps,
      rowsInFlight: engine === 'postgres' ? BULK_ROWS_IN_FLIGHT_POSTGRES : 1,
    }),
  };
}
