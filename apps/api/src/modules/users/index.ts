/** The users module's face: what the rest of the server may use of it. */
export { grantsAdminRole } from './admin-role.js';
export type { Standing } from './admin-role.js';
export { ensureFirstAdmin, firstAdminBanner } from './first-admin.js';
export { RememberedMatches } from './remembered-matches.js';
export { resolveUserFilter, searchCondition } from './user-search.js';
export type { UserFilter } from './user-search.js';
export { UsersRepository } from './users.repository.js';
export type { PasswordRehash } from './users.repository.js';
export { createUsersModule } from './users.module.js';
export type { UsersModule, UsersModuleDeps } from './users.module.js';
export { usersRoutes } from './users.routes.js';
export { userSchema } from './users.schemas.js';
export type { UsersService } from './users.service.js';
export {
  AdminsNotLocked,
  deleteUser,
  editUser,
  type ChangeActor,
  type ChangeContext,
  type UserEdit,
} from './user-changes.js';
export type { UserChanges, UserStanding } from './users.repository.js';
export type { UsersTransaction } from './user-changes.js';
