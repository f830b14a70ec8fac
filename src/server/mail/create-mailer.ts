import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Mailer, MailMessage, SentMail } from "./mailer.ts";

const outboxSize = 50;

/** SMTP when SMTP_URL is set; otherwise the log and an in-memory outbox for /dev/outbox. */
export function createMailer(
  env: { SMTP_URL?: string; MAIL_FROM: string },
  logger: Logger,
): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(message: MailMessage) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
        logger.info({ subject: message.subject }, "mail sent");
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
