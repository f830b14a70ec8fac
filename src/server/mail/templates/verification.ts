import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { catalogEmail } from "./layout.ts";
import { interpolateText } from "./render.ts";

export interface VerificationEmailInput {
  lang: MailLanguage;
  to: string;
  /** the name given at sign-up; may be empty, may be anything (it is escaped) */
  name: string;
  url: string;
  /** how long the link works */
  expiresInHours: number;
  /** the site's public origin, named in the footer */
  site: string;
}

export function verificationEmail(input: VerificationEmailInput): MailMessage {
  const c = emailCatalog(input.lang).verification;
  return catalogEmail(input, {
    subject: c.subject,
    preheader: c.preheader,
    paragraphs: [c.intro],
    action: { label: c.action, url: input.url },
    notes: [interpolateText(c.expiry, { hours: input.expiresInHours }), c.ignore],
  });
}
