/** The invitations module's face: what the rest of the server may use of it. */
export { invitationsRoutes } from './invitations.routes.js';
export { InvitationsService } from './invitations.service.js';
