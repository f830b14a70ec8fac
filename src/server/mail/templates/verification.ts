import type { MailLanguage } from "../../auth/language.ts";
import { serverT } from "../../i18n/index.ts";
import type { MailMessage } from "../mailer.ts";
import { catalogEmail, mailText } from "./layout.ts";

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
  const t = serverT(input.lang, "email");
  return catalogEmail(input, {
    subject: t("verification.subject"),
    preheader: t("verification.preheader"),
    paragraphs: [t("verification.intro")],
    action: { label: t("verification.action"), url: input.url },
    notes: [
      mailText(t, "verification.expiry", { hours: input.expiresInHours }),
      t("verification.ignore"),
    ],
  });
}
