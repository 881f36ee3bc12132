/** The invitations module's face: what the rest of the server may use of it. */
export { createInvitationsModule } from './invitations.module.js';
export type { InvitationsModule, InvitationsModuleDeps } from './invitations.module.js';
export { invitationsRoutes } from './invitations.routes.js';
export type { InvitationsService } from './invitations.service.js';
