import type { Transporter } from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one message to a mail server; resolves once the server accepted it. */
export interface MailTransport {
  send(message: MailMessage, signal: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL (`smtp://user:pass@host:port`, `smtps://…`; nodemailer's query options
 * such as `?requireTLS=true` work too). One pooled connection, reused while mail keeps coming
 * (the worker sends one mail at a time; a new connection per mail costs ~100 ms). Timeouts stay
 * well inside the worker's claim lease, so a hanging server fails the attempt instead of
 * outliving the claim.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer (about 15 MB of memory) is loaded with the first mail, not when the server starts.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 1,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    ));
  return {
    async send(message, signal) {
      await (await connect()).sendMail({ ...message, signal });
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}
