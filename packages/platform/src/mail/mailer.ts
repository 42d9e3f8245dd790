import nodemailer from "nodemailer";
import type { MailMessage } from "./mail-message.ts";

/** How the worker sends mail, and the public address links in mail point to. */
export interface Mailer {
  /** The web app's public URL (NEXTAUTH_URL / AUTH_URL): every link in a mail starts with it, never with a request's Host. */
  publicUrl: string;
  /** Signs unsubscribe links (the web app checks them with the same secret: AUTH_SECRET / NEXTAUTH_SECRET). */
  signingSecret: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` (or `smtps://…`), as nodemailer reads it. */
  smtpUrl: string;
  /** The sender, e.g. `HierBoard <noreply@example.org>`. */
  from: string;
  publicUrl: string;
  signingSecret: string;
}

/** A mailer over SMTP (nodemailer, one pooled connection). A refused or unreachable server throws, and the job is retried. */
export function createMailer(opts: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    publicUrl: opts.publicUrl.replace(/\/+$/, ""),
    signingSecret: opts.signingSecret,
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.unsubscribeUrl ? { list: { unsubscribe: message.unsubscribeUrl } } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
