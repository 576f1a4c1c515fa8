import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Many mails at once (a bulk invitation): one insert into the outbox, or one SMTP send after another. */
  sendMany(messages: readonly MailMessage[]): Promise<void>;
}

/** The one log call the mailer makes; Fastify's (pino) logger fits. */
export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  db: Db;
  /** `smtp://user:pass@host:587` or `smtps://…`. Absent or empty: mail stays in the `mail_outbox` table. */
  smtpUrl?: string | undefined;
  /** Sender address; SMTP servers usually insist it belongs to the sending account. */
  from?: string;
  log?: MailLog;
}

const OUTBOX_CHUNK = 1000;

export const DEFAULT_FROM = 'Gatehouse <no-reply@gatehouse.localhost>';

/**
 * Sends mail through SMTP when one is configured, and otherwise keeps it in the outbox: the embedded default needs no
 * mail server, an operator reads the outbox, and tests read the mail a flow sent. The log line names the recipient
 * and subject but never the body, which may hold a recovery link.
 */
export function createMailer({ db, smtpUrl, from = DEFAULT_FROM, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const send = async ({ to, subject, text, html }: MailMessage) => {
      await transport.sendMail({ from, to, subject, text, ...(html === undefined ? {} : { html }) });
      log?.info({ to, subject }, 'mail sent through SMTP');
    };
    return {
      send,
      async sendMany(messages) {
        for (const message of messages) await send(message);
      },
    };
  }
  // A chunk per insert keeps each statement well under the databases' limit of bound parameters.
  const keep = async (messages: readonly MailMessage[]) => {
    for (let at = 0; at < messages.length; at += OUTBOX_CHUNK) {
      const chunk = messages.slice(at, at + OUTBOX_CHUNK);
      const rows = await db
        .insert(mailOutbox)
        .values(chunk.map(({ to, subject, text, html }) => ({ to, subject, text, html: html ?? null })))
        .returning({ id: mailOutbox.id });
      chunk.forEach(({ to, subject }, index) => {
        log?.info({ to, subject, outboxId: rows[index]?.id }, 'mail kept in the outbox (no SMTP_URL configured)');
      });
    }
  };
  return {
    async send(message) {
      await keep([message]);
    },
    sendMany: keep,
  };
}
