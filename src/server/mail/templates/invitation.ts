import type { MailLanguage } from "../../auth/language.ts";
import { serverT } from "../../i18n/index.ts";
import type { MailMessage } from "../mailer.ts";
import { catalogEmail, mailText } from "./layout.ts";

export interface WorkspaceMailInput {
  lang: MailLanguage;
  to: string;
  /** the inviting owner: name (may be empty, may be anything: it is escaped) and e-mail */
  inviter: { name: string; email: string };
  workspace: string;
  role: "owner" | "member";
  url: string;
  site: string;
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** "Amina Diallo (amina@example.org)", or just the e-mail when there is no name. */
function inviterLabel(inviter: { name: string; email: string }): string {
  const name = oneLine(inviter.name);
  return name ? `${name} (${inviter.email})` : inviter.email;
}

/**
 * Every invitation, whether or not the address has an account (issue 10): the link
 * `/accept-invitation?token=…`.
 */
export function invitationEmail(input: WorkspaceMailInput & { validDays: number }): MailMessage {
  const t = serverT(input.lang, "email");
  const values = {
    inviter: inviterLabel(input.inviter),
    workspace: oneLine(input.workspace),
    role: t(`roles.${input.role}`),
    days: input.validDays,
    email: input.to,
  };
  // the invitee may have no account yet: greeted without a name
  return catalogEmail(
    { lang: input.lang, to: input.to, site: input.site },
    {
      subject: mailText(t, "invitation.subject", values),
      preheader: mailText(t, "invitation.preheader", values),
      paragraphs: [mailText(t, "invitation.intro", values), t("invitation.about")],
      action: { label: t("invitation.action"), url: input.url },
      notes: [mailText(t, "invitation.expiry", values), t("invitation.ignore")],
    },
  );
}
