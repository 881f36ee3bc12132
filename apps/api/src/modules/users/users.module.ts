import { UsersService, type UsersServiceDeps } from './users.service.js';

export type UsersModuleDeps = UsersServiceDeps;

export interface UsersModule {
  users: UsersService;
}

export function createUsersModule(deps: UsersModuleDeps): UsersModule {
  return { users: new UsersService(deps) };
}
