import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { catalogEmail } from "./layout.ts";
import { interpolateText } from "./render.ts";

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
  const c = emailCatalog(input.lang);
  const values = {
    inviter: inviterLabel(input.inviter),
    workspace: oneLine(input.workspace),
    role: c.roles[input.role],
    days: input.validDays,
    email: input.to,
  };
  // the invitee may have no account yet: greeted without a name
  return catalogEmail(
    { lang: input.lang, to: input.to, site: input.site },
    {
      subject: interpolateText(c.invitation.subject, values),
      preheader: interpolateText(c.invitation.preheader, values),
      paragraphs: [interpolateText(c.invitation.intro, values), c.invitation.about],
      action: { label: c.invitation.action, url: input.url },
      notes: [interpolateText(c.invitation.expiry, values), c.invitation.ignore],
    },
  );
}
