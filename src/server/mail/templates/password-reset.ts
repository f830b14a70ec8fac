import type { MailLanguage } from "../../auth/language.ts";
import { serverT } from "../../i18n/index.ts";
import type { MailMessage } from "../mailer.ts";
import { catalogEmail } from "./layout.ts";

export interface PasswordResetEmailInput {
  lang: MailLanguage;
  to: string;
  name: string;
  url: string;
  site: string;
}

export function passwordResetEmail(input: PasswordResetEmailInput): MailMessage {
  const t = serverT(input.lang, "email");
  return catalogEmail(input, {
    subject: t("passwordReset.subject"),
    preheader: t("passwordReset.preheader"),
    paragraphs: [t("passwordReset.intro")],
    action: { label: t("passwordReset.action"), url: input.url },
    notes: [t("passwordReset.expiry"), t("passwordReset.ignore")],
  });
}
