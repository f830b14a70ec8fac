import type { MailLanguage } from "../../auth/language.ts";
import { serverT, type Translate } from "../../i18n/index.ts";
import type { MailMessage } from "../mailer.ts";
import { headerText, mailName, mailValues, renderActionEmail, type Values } from "./render.ts";

/** A text of locales/<lang>/email.json with its values made safe for e-mail (mailValues). */
export function mailText(t: Translate, key: string, values: Values = {}): string {
  return t(key, mailValues(values));
}

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
  const t = serverT(input.lang, "email");
  const name = mailName(input.name ?? "");
  const subject = headerText(parts.subject);
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: parts.preheader,
    greeting: name ? mailText(t, "layout.greeting", { name }) : t("layout.greetingNoName"),
    paragraphs: parts.paragraphs,
    action: parts.action,
    actionLine: t("layout.actionLine", { label: parts.action.label }),
    linkFallback: t("layout.linkFallback"),
    notes: parts.notes,
    signature: t("layout.signature"),
    footer: mailText(t, "layout.footer", { site: input.site }),
  });
  return { to: input.to, subject, html, text };
}
