import { localizedPath, type MailLanguage } from "../../auth/language.ts";
import { serverT } from "../../i18n/index.ts";
import type { MailMessage } from "../mailer.ts";
import { catalogEmail } from "./layout.ts";

/** The changes to how an account signs in that its address is told of (decision 071). */
export type SecurityNoticeKind = "twoFactorOn" | "twoFactorOff" | "passkeyAdded";

export interface SecurityNoticeInput {
  lang: MailLanguage;
  to: string;
  name: string;
  site: string;
}

export function securityNoticeEmail(
  kind: SecurityNoticeKind,
  input: SecurityNoticeInput,
): MailMessage {
  const t = serverT(input.lang, "email");
  return catalogEmail(input, {
    subject: t(`security.${kind}.subject`),
    preheader: t(`security.${kind}.preheader`),
    paragraphs: [t(`security.${kind}.intro`)],
    action: {
      label: t("security.action"),
      url: `${input.site}${localizedPath(input.lang, "/profile")}`,
    },
    notes: [t("security.notYou")],
  });
}
