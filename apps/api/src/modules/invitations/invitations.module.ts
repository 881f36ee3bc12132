import { InvitationsService } from './invitations.service.js';

export type InvitationsModuleDeps = ConstructorParameters<typeof InvitationsService>[0];

export interface InvitationsModule {
  invitations: InvitationsService;
}

export function createInvitationsModule(deps: InvitationsModuleDeps): InvitationsModule {
  return { invitations: new InvitationsService(deps) };
}
