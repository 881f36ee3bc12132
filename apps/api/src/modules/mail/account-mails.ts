import type { IssuedToken } from '../one-time-tokens/index.js';
import type { MailOutbox, MailScope, OutgoingMail } from './mail-outbox.js';
import {
  alertMail,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  testMail,
  twoStepMail,
  type MailContent,
  type TwoStepMailEvent,
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

  profile(): string {
    return `${this.appUrl}/users/profile`;
  }

  monitoringMail(): string {
    return `${this.appUrl}/monitoring/mail`;
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
    scope: MailScope,
    user: MailRecipient,
    token: IssuedToken,
    inviterName: string | null,
  ): Promise<string> {
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

  passwordReset(scope: MailScope, user: MailRecipient, token: IssuedToken): Promise<string> {
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

  passwordChanged(scope: MailScope, user: MailRecipient, changedAt: Date): Promise<string> {
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

  /** A change to the user's two-step sign-in (a factor added or removed, a reset, a code used). */
  twoStep(
    scope: MailScope,
    user: MailRecipient,
    event: TwoStepMailEvent,
    at: Date,
  ): Promise<string> {
    return this.enqueue(
      scope,
      user,
      'two_step',
      twoStepMail({
        email: user.email,
        recipientName: user.fullName,
        event,
        at,
        profileUrl: this.links.profile(),
      }),
    );
  }

  /** Monitoring › Mail's test mail to the admin who asked; resolves to the new mail's id. */
  test(scope: MailScope, user: MailRecipient, sentAt: Date): Promise<string> {
    return this.enqueue(
      scope,
      user,
      'test',
      testMail({
        email: user.email,
        recipientName: user.fullName,
        sentAt,
        monitoringUrl: this.links.monitoringMail(),
      }),
    );
  }

  /** An alert to one recipient of an email channel; resolves to the new mail's id. */
  alert(
    scope: MailScope,
    user: MailRecipient,
    notice: { summary: string; occurredAt: Date; data: Record<string, unknown>; link: string },
  ): Promise<string> {
    return this.enqueue(
      scope,
      user,
      'alert',
      alertMail({ recipientName: user.fullName, ...notice }),
    );
  }

  private async enqueue(
    scope: MailScope,
    user: MailRecipient,
    template: OutgoingMail['template'],
    content: MailContent,
    linkTokenId?: string,
  ): Promise<string> {
    return this.outbox.enqueue(scope, {
      ...content,
      template,
      to: user.email,
      userId: user.id,
      linkTokenId,
    });
  }
}
