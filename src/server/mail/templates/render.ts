// Rendering for e-mail. Catalog text and values are joined as plain text first; the HTML
// layout then escapes every piece of it once (names reach e-mails: PRODUCT.md).
import { directionOf, type Language } from "../../../domain/language.ts";

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => htmlEscapes[ch]!);
}

export type Values = Record<string, string | number>;

// Names reach e-mails: a person's name, an inviter's, a workspace's. Whoever chose them may be
// an attacker, and a mail client turns a URL in the text into a link that Hawl seems to send.
// So every interpolated value is made a plain one-line name (`mailName`), except the links
// Hawl writes itself (`linkValueKeys`).

/** Controls, format characters (bidi overrides, zero-width) but the joiners, lone surrogates. */
const invisible =
  /[\p{Cc}\p{Cs}\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/gu;
const email = String.raw`[\p{L}\p{N}._%+\-]+@(?:[\p{L}\p{N}\-]+[.．。｡])+\p{L}{2,}`;
const link = [
  String.raw`[a-z][a-z0-9+.\-]*:\/\/\S*`, // scheme://…
  String.raw`\b(?:mailto|javascript|data|vbscript|file|tel|sms|callto):\S*`,
  String.raw`\bwww\d{0,3}[.．。｡]\S*`,
  // a bare domain (evil.example, evil.example/path): a label, a dot, a top-level word
  String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}\-]*[\p{L}\p{N}])?[.．。｡])+\p{L}{2,63}(?![\p{L}\p{N}])(?:[:/?#]\S*)?`,
].join("|");
/** an e-mail address first (kept: it is how a person is named, and not a web link), then links */
const addressOrLink = new RegExp(`(${email})|(?:${link})`, "giu");

/** The values that are Hawl's own links, left as they are. */
const linkValueKeys = new Set(["site", "url"]);

/**
 * A person-chosen name as e-mails show it: no control or invisible format characters, no web
 * links (e-mail addresses stay), on one line, trimmed. May be empty.
 */
export function mailName(value: string): string {
  return value
    .replace(/\s/gu, " ")
    .replace(invisible, "")
    .replace(addressOrLink, (whole, address?: string) => (address ? whole : " "))
    .replace(/\s+/gu, " ")
    .trim();
}

/** Values as e-mails insert them: every string but `site`/`url` through `mailName`. */
export function mailValues(values: Values): Values {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" && !linkValueKeys.has(key) ? mailName(value) : value,
    ]),
  );
}

/** One-line header text: no line breaks can reach a header (header injection). */
export function headerText(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

export interface ActionEmail {
  lang: Language;
  subject: string;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** the text part's line before the link: the label with the catalogue's colon (layout.actionLine) */
  actionLine: string;
  linkFallback: string;
  notes: string[];
  signature: string;
  footer: string;
}

/** The one layout of Hawl's e-mails: greeting, text, a button with its link spelled out. */
export function renderActionEmail(mail: ActionEmail): { html: string; text: string } {
  const e = escapeHtml;
  const url = e(mail.action.url);
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${e(text)}</p>`;
  const small = (text: string) =>
    `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:#4b5563">${e(text)}</p>`;
  // Arabic reads right to left: clients drop <html dir> often, so the body and box say it too;
  // the link spelled out stays left to right
  const dir = directionOf(mail.lang);
  const html = `<!doctype html>
<html lang="${e(mail.lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(mail.subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:0;background:#f5f3f7">
<div style="display:none;max-height:0;overflow:hidden">${e(mail.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f3f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;text-align:${dir === "rtl" ? "right" : "left"};background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:#80009e">Hawl</td></tr>
<tr><td style="padding:24px 32px">
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:#80009e"><a href="${url}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${e(mail.action.label)}</a></td>
</tr></table>
${small(mail.linkFallback)}
<p dir="ltr" style="margin:0 0 16px;font-size:14px;line-height:20px;word-break:break-all"><a href="${url}" style="color:#80009e">${url}</a></p>
${mail.notes.map(small).join("\n")}
${paragraph(mail.signature)}
</td></tr>
<tr><td style="padding:0 32px 24px;font-size:12px;line-height:18px;color:#6b7280">${e(mail.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    mail.greeting,
    "",
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    mail.actionLine,
    mail.action.url,
    "",
    ...mail.notes.flatMap((n) => [n, ""]),
    mail.signature,
    "",
    "--",
    mail.footer,
    "",
  ].join("\n");
  return { html, text };
}
