import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog } from "./catalog.ts";
import { headerText, interpolateText, renderActionEmail } from "./render.ts";

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
  const subject = headerText(interpolateText(c.invitation.subject, values));
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: interpolateText(c.invitation.preheader, values),
    greeting: c.layout.greetingNoName,
    paragraphs: [interpolateText(c.invitation.intro, values), c.invitation.about],
    action: { label: c.invitation.action, url: input.url },
    linkFallback: c.layout.linkFallback,
    notes: [interpolateText(c.invitation.expiry, values), c.invitation.ignore],
    signature: c.layout.signature,
    footer: interpolateText(c.layout.footer, { site: input.site }),
  });
  return { to: input.to, subject, html, text };
}
