// What the rest of the server knows of e-mail: a message goes out, or the call throws. The app's
// Mailer queues it (mail/mail-queue.ts: a durable job, retried); the job's worker hands it to
// the delivery Mailer (create-mailer.ts: SMTP, or the dev outbox).
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** extra headers (List-Unsubscribe on reminders); names and values are Hawl's own */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  sentAt: Date;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept for the dev-only /dev/outbox page; null when not kept (SMTP configured). */
  outbox(): SentMail[] | null;
}
