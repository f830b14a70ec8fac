import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Mailer, MailMessage, SentMail } from "./mailer.ts";

const outboxSize = 50;

/**
 * SMTP when SMTP_URL is set. Otherwise, outside production, the log and an in-memory outbox
 * for /dev/outbox; in production without SMTP nothing is sent and no content is logged
 * (messages carry sign-in links).
 */
export function createMailer(
  env: { SMTP_URL?: string; MAIL_FROM: string; NODE_ENV?: string },
  logger: Logger,
): Mailer {
  if (env.SMTP_URL) {
    // Bounded waits: a stalled SMTP server fails the send within a minute instead of holding
    // a socket for nodemailer's default hour.
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message: MailMessage) {
        try {
          await transport.sendMail({ from: env.MAIL_FROM, ...message });
        } catch (error) {
          logger.warn({ err: error, subject: message.subject }, "mail not sent");
          throw error;
        }
        logger.info({ subject: message.subject }, "mail sent");
      },
      outbox: () => null,
    };
  }
  if (env.NODE_ENV === "production") {
    logger.warn("SMTP_URL is not set: e-mails will not be sent");
    return {
      async send(message: MailMessage) {
        logger.error({ subject: message.subject }, "mail not sent: SMTP_URL is not set");
        throw new Error("SMTP_URL is not set");
      },
      outbox: () => null,
    };
  }
  const kept: SentMail[] = [];
  return {
    async send(message: MailMessage) {
      kept.unshift({ ...message, id: randomUUID(), sentAt: new Date() });
      kept.length = Math.min(kept.length, outboxSize);
      logger.info(
        { to: message.to, subject: message.subject, text: message.text },
        "mail (no SMTP_URL: kept in /dev/outbox)",
      );
    },
    outbox: () => kept,
  };
}
