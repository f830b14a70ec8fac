// What the rest of the server knows of e-mail: a message goes out, or the call throws.
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
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
