import type { TransactionScope } from '../../repositories.js';
import type { IssuedToken } from '../one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from './mail-outbox.js';
import { invitationMail, passwordChangedMail, passwordResetMail } from './mail.templates.js';

/** The links in account mails: the site's pages that read the token (SPEC §2, CONTRACT §4). */
export class AccountLinks {
  constructor(private readonly appUrl: string) {}

  acceptInvitation(token: string): string {
    return `${this.appUrl}/auth/accept-invitation?token=${encodeURIComponent(token)}`;
  }

  resetPassword(token: string): string {
    return `${this.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  }

  forgotPassword(): string {
    return `${this.appUrl}/auth/forgot-password`;
  }
}

export interface MailRecipient {
  id: string;
  email: string;
  fullName: string | null;
}

/** Renders each account mail and puts it in the outbox inside the caller's transaction. */
export class AccountMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly links: AccountLinks,
  ) {}

  invitation(
    scope: TransactionScope,
    user: MailRecipient,
    token: IssuedToken,
    inviterName: string | null,
  ): Promise<void> {
    const content = invitationMail({
      email: user.email,
      recipientName: user.fullName,
      inviterName,
      link: { url: this.links.acceptInvitation(token.token), ...token },
    });
    return this.outbox.enqueue(scope, {
      ...content,
      template: 'invitation',
      to: user.email,
      userId: user.id,
    });
  }

  passwordReset(scope: TransactionScope, user: MailRecipient, token: IssuedToken): Promise<void> {
    const content = passwordResetMail({
      email: user.email,
      recipientName: user.fullName,
      link: { url: this.links.resetPassword(token.token), ...token },
    });
    return this.outbox.enqueue(scope, {
      ...content,
      template: 'password_reset',
      to: user.email,
      userId: user.id,
    });
  }

  passwordChanged(scope: TransactionScope, user: MailRecipient, changedAt: Date): Promise<void> {
    const content = passwordChangedMail({
      email: user.email,
      recipientName: user.fullName,
      changedAt,
      forgotPasswordUrl: this.links.forgotPassword(),
    });
    return this.outbox.enqueue(scope, {
      ...content,
      template: 'password_changed',
      to: user.email,
      userId: user.id,
    });
  }
}
