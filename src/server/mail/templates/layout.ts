import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { headerText, interpolateText, mailName, renderActionEmail } from "./render.ts";

/** What one catalog e-mail says of its own (already in the reader's language). */
export interface CatalogEmailParts {
  subject: string;
  preheader: string;
  paragraphs: string[];
  action: { label: string; url: string };
  notes: string[];
}

/**
 * An e-mail whose texts come from locales/<lang>/email.json: its own parts inside the shared
 * layout's words, the greeting by name when a name is left once made safe (mailName), the
 * link fallback, the signature and the footer naming the site. No `name`: the nameless greeting.
 */
export function catalogEmail(
  input: { lang: MailLanguage; to: string; site: string; name?: string },
  parts: CatalogEmailParts,
): MailMessage {
  const layout = emailCatalog(input.lang).layout;
  const name = mailName(input.name ?? "");
  const subject = headerText(parts.subject);
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: parts.preheader,
    greeting: name ? interpolateText(layout.greeting, { name }) : layout.greetingNoName,
    paragraphs: parts.paragraphs,
    action: parts.action,
    linkFallback: layout.linkFallback,
    notes: parts.notes,
    signature: layout.signature,
    footer: interpolateText(layout.footer, { site: input.site }),
  });
  return { to: input.to, subject, html, text };
}
