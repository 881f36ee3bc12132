import type { TransactionScope } from '../../repositories.js';
import type { IssuedToken } from '../one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox, OutgoingMail } from './mail-outbox.js';
import {
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  type MailContent,
} from './mail.templates.js';

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
    return this.enqueue(
      scope,
      user,
      'invitation',
      invitationMail({
        email: user.email,
        recipientName: user.fullName,
        inviterName,
        link: { url: this.links.acceptInvitation(token.token), ...token },
      }),
      token.id,
    );
  }

  passwordReset(scope: TransactionScope, user: MailRecipient, token: IssuedToken): Promise<void> {
    return this.enqueue(
      scope,
      user,
      'password_reset',
      passwordResetMail({
        email: user.email,
        recipientName: user.fullName,
        link: { url: this.links.resetPassword(token.token), ...token },
      }),
      token.id,
    );
  }

  passwordChanged(scope: TransactionScope, user: MailRecipient, changedAt: Date): Promise<void> {
    return this.enqueue(
      scope,
      user,
      'password_changed',
      passwordChangedMail({
        email: user.email,
        recipientName: user.fullName,
        changedAt,
        forgotPasswordUrl: this.links.forgotPassword(),
      }),
    );
  }

  private enqueue(
    scope: TransactionScope,
    user: MailRecipient,
    template: OutgoingMail['template'],
    content: MailContent,
    linkTokenId?: string,
  ): Promise<void> {
    return this.outbox.enqueue(scope, {
      ...content,
      template,
      to: user.email,
      userId: user.id,
      linkTokenId,
    });
  }
}
