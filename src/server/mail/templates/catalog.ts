import en from "../../../../locales/en/email.json" with { type: "json" };
import fr from "../../../../locales/fr/email.json" with { type: "json" };
import nl from "../../../../locales/nl/email.json" with { type: "json" };
import type { MailLanguage } from "../../auth/language.ts";

// The e-mail texts live with the web's catalogs (locales/<lang>/email.json) so translators
// find every string in one place. The English file is the shape the others must have.
export type EmailCatalog = typeof en;

const catalogs: Record<MailLanguage, EmailCatalog> = { en, fr, nl };

export function emailCatalog(lang: MailLanguage): EmailCatalog {
  return catalogs[lang];
}
