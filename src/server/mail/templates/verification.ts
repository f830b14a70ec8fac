import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { headerText, interpolateText, mailName, renderActionEmail } from "./render.ts";

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
  const c = emailCatalog(input.lang);
  const name = mailName(input.name);
  const subject = headerText(c.verification.subject);
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: c.verification.preheader,
    greeting: name ? interpolateText(c.layout.greeting, { name }) : c.layout.greetingNoName,
    paragraphs: [c.verification.intro],
    action: { label: c.verification.action, url: input.url },
    linkFallback: c.layout.linkFallback,
    notes: [
      interpolateText(c.verification.expiry, { hours: input.expiresInHours }),
      c.verification.ignore,
    ],
    signature: c.layout.signature,
    footer: interpolateText(c.layout.footer, { site: input.site }),
  });
  return { to: input.to, subject, html, text };
}
