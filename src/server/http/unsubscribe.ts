import type { Context } from "hono";
import * as api from "../../contracts/endpoints/account.ts";
import { unsubscribeQuerySchema } from "../../contracts/notifications.ts";
import { directionOf, isLanguage, type Language } from "../../domain/language.ts";
import { languageOfAcceptLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import { unsubscribePageFacts } from "../db/repositories/reminders.ts";
import { serverT } from "../i18n/index.ts";
import { mailText } from "../mail/templates/layout.ts";
import { escapeHtml } from "../mail/templates/render.ts";
import { verifyUnsubscribeToken } from "../mail/unsubscribe-token.ts";
import { unsubscribeFromReminders } from "../services/unsubscribe-from-reminders.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";
import { sha256Source } from "./security-headers.ts";

// /unsubscribe?token=… (issue 15): the link of every reminder e-mail, without signing in.
// GET shows a confirmation page with one button (mail scanners open links: a GET changes
// nothing); POST turns reminder e-mails off: the page's button, or a mail client's one-click
// unsubscribe (RFC 8058: List-Unsubscribe-Post, a POST with no cookie and no Origin of ours,
// which is why this lives outside /api and its guards). A token this server did not sign
// answers 404 and the same page whatever it was; no token at all, 400.

// The app's look (app.css: stone page, white card, brand purple, the logo) without its scripts
// or stylesheet: this page stands alone, served by the API server (issue 30: it was unbranded).
const style = `body{font:16px/1.5 ui-sans-serif,system-ui,sans-serif;margin:0;background:#fafaf9;color:#1c1917}
header,main,footer{max-width:36rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}.brand{display:inline-flex;align-items:center;gap:.6rem;color:#1c1917;font-size:1.25rem;font-weight:700;text-decoration:none}
main{margin-top:1.5rem}.card{background:#fff;border:1px solid #e7e5e4;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
h1{font-size:1.4rem;margin:0 0 .75rem;color:#1c1917}p{margin:.75rem 0}
button{font:inherit;font-weight:600;background:#80009e;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1.2rem;cursor:pointer}
button:hover{background:#65007d}a{color:#80009e}:focus-visible{outline:2px solid #8d13a9;outline-offset:2px}
footer{margin-top:2rem;padding-bottom:2rem;font-size:.875rem;color:#57534e}`;

const csp = `default-src 'none'; style-src ${sha256Source(style)}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** The page's words (locales/<lang>/email.json, unsubscribePage). */
const pageT = (lang: Language) => serverT(lang, "email");

/** The app's mark (components/layout/logo.tsx), drawn inline: no request, nothing to allow. */
const logo = `<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#80009e"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="3"/><path d="M16 7a9 9 0 1 1-9 9" fill="none" stroke="#e9bf3f" stroke-width="3" stroke-linecap="round"/><circle cx="16" cy="16" r="2.4" fill="#fff"/></svg>`;

function page(lang: Language, body: string, baseUrl: string): string {
  const t = pageT(lang);
  const title = t("unsubscribePage.title");
  const home = `${baseUrl}${lang === "en" ? "/" : `/${lang}`}`;
  const privacy = `${baseUrl}${lang === "en" ? "" : `/${lang}`}/privacy`;
  return `<!DOCTYPE html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Hawl</title><style>${style}</style></head>
<body><header><a class="brand" href="${escapeHtml(home)}" aria-label="${escapeHtml(t("unsubscribePage.home"))}">${logo}<span>Hawl</span></a></header>
<main><div class="card"><h1>${escapeHtml(title)}</h1>
${body}
</div></main>
<footer><a href="${escapeHtml(privacy)}">${escapeHtml(t("unsubscribePage.privacy"))}</a></footer>
</body></html>`;
}

function answer(c: Context<AppEnv>, html: string, status: 200 | 400 | 404) {
  return c.html(html, status, {
    "Content-Security-Policy": csp,
    "Cache-Control": "no-store",
    // the URL carries the token
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  });
}

export function unsubscribeRoutes(deps: { db: Db; secret: string; baseUrl: string }) {
  const { db, secret, baseUrl } = deps;

  /**
   * The person a valid token names, with their address and language; "malformed" without a
   * token (400), null for a token this server did not sign or whose person is gone (404).
   */
  const personOf = async (c: Context<AppEnv>) => {
    const query = unsubscribeQuerySchema.safeParse({ token: c.req.query("token") });
    if (!query.success) return "malformed" as const;
    const userId = verifyUnsubscribeToken(secret, query.data.token);
    const facts = userId ? await unsubscribePageFacts(db, userId) : null;
    if (!userId || !facts) return null;
    const lang: Language = isLanguage(facts.language) ? facts.language : "en";
    return { userId, email: facts.email, lang, token: query.data.token };
  };

  const invalid = (c: Context<AppEnv>, status: 400 | 404) => {
    const lang = languageOfAcceptLanguage(c.req.header("accept-language")) ?? "en";
    const text = pageT(lang)("unsubscribePage.invalid");
    return answer(c, page(lang, `<p>${escapeHtml(text)}</p>`, baseUrl), status);
  };

  const profileLink = (lang: Language) => {
    const t = pageT(lang);
    const href = `${baseUrl}${lang === "en" ? "" : `/${lang}`}/profile`;
    return `<p>${escapeHtml(t("unsubscribePage.again"))}</p><p><a href="${escapeHtml(href)}">${escapeHtml(t("unsubscribePage.profile"))}</a></p>`;
  };

  // the token is the page's to read: an HTML page answers a bad one, not the API's error shape
  return router()
    .on(api.unsubscribePage, { rawQuery: true }, async (c) => {
      const person = await personOf(c);
      if (person === "malformed") return invalid(c, 400);
      if (!person) return invalid(c, 404);
      const t = pageT(person.lang);
      const action = `/unsubscribe?token=${encodeURIComponent(person.token)}`;
      return answer(
        c,
        page(
          person.lang,
          `<p>${escapeHtml(mailText(t, "unsubscribePage.confirm", { email: person.email }))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t("unsubscribePage.button"))}</button></form>`,
          baseUrl,
        ),
        200,
      );
    })
    .on(api.unsubscribe, { rawQuery: true }, async (c) => {
      const person = await personOf(c);
      if (person === "malformed") return invalid(c, 400);
      if (!person) return invalid(c, 404);
      await unsubscribeFromReminders({ db, userId: person.userId });
      const t = pageT(person.lang);
      return answer(
        c,
        page(
          person.lang,
          `<p>${escapeHtml(mailText(t, "unsubscribePage.done", { email: person.email }))}</p>
${profileLink(person.lang)}`,
          baseUrl,
        ),
        200,
      );
    }).app;
}
