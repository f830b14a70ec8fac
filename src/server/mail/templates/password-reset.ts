import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { headerText, interpolateText, mailName, renderActionEmail } from "./render.ts";

export interface PasswordResetEmailInput {
  lang: MailLanguage;
  to: string;
  name: string;
  url: string;
  site: string;
}

export function passwordResetEmail(input: PasswordResetEmailInput): MailMessage {
  const c = emailCatalog(input.lang);
  const name = mailName(input.name);
  const subject = headerText(c.passwordReset.subject);
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: c.passwordReset.preheader,
    greeting: name ? interpolateText(c.layout.greeting, { name }) : c.layout.greetingNoName,
    paragraphs: [c.passwordReset.intro],
    action: { label: c.passwordReset.action, url: input.url },
    linkFallback: c.layout.linkFallback,
    notes: [c.passwordReset.expiry, c.passwordReset.ignore],
    signature: c.layout.signature,
    footer: interpolateText(c.layout.footer, { site: input.site }),
  });
  return { to: input.to, subject, html, text };
}
