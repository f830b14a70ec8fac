import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { catalogEmail } from "./layout.ts";

export interface PasswordResetEmailInput {
  lang: MailLanguage;
  to: string;
  name: string;
  url: string;
  site: string;
}

export function passwordResetEmail(input: PasswordResetEmailInput): MailMessage {
  const c = emailCatalog(input.lang).passwordReset;
  return catalogEmail(input, {
    subject: c.subject,
    preheader: c.preheader,
    paragraphs: [c.intro],
    action: { label: c.action, url: input.url },
    notes: [c.expiry, c.ignore],
  });
}
