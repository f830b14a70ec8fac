import { useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { ArabicFont } from "./app/arabic-font";
import { directionOf, i18nFor, languageFromPath, useLanguageLoaded } from "./app/i18n";
import { pageMeta } from "./app/meta";
import { Providers } from "./shell/providers";
import { registerServiceWorker } from "./app/service-worker";
import { SITE_URL, SITE_URL_META } from "./app/site";
import {
  buildRender,
  ISLANDS_SCRIPT_PLACEHOLDER,
  useSpaShellRender,
  useStaticPage,
} from "./app/static-page";
import { THEME_COLORS, themeInlineScript } from "./app/theme";
import { replayTypedBeforeHydration } from "./app/typed-before-hydration";
import { dashboardInlineScript, isDashboardPath } from "./features/dashboard/lib/early-data";
import NotFound from "./routes/not-found";
import appStylesheet from "./app/app.css?url";

// Favicon inline: the logo mark, no extra request.
const favicon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#80009e"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="3"/><path d="M16 7a9 9 0 1 1-9 9" fill="none" stroke="#e9bf3f" stroke-width="3" stroke-linecap="round"/><circle cx="16" cy="16" r="2.4" fill="#fff"/></svg>',
)}`;

export const links: Route.LinksFunction = () => [
  // With a precedence, React writes the style sheet first in <head>, before the modulepreloads
  // <Scripts/> hoists there, so the first paint does not wait behind scripts (decision 038).
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", type: "image/svg+xml", href: favicon },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

// Title, description, canonical, hreflang and social tags for every route, from the path
// (app/meta.ts); a page may export its own `meta` built with the same pageMeta().
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname);

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const lang = languageFromPath(pathname);
  // a static page (decision 025) is its HTML and the islands' few-KB script: no React Router
  // context, no modulepreload of the app, no scroll restoration
  const staticPage = useStaticPage();
  const spaShell = useSpaShellRender();
  return (
    // the theme's inline script sets data-theme on <html> before React hydrates it
    <html lang={lang} dir={directionOf(lang)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* light or dark from the system; a stored choice is applied by the script below
            before anything paints (app/theme.ts, decision 059) */}
        <meta name="color-scheme" content="light dark" />
        <meta
          name="theme-color"
          media="(prefers-color-scheme: light)"
          content={THEME_COLORS.light}
        />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
        <script dangerouslySetInnerHTML={{ __html: themeInlineScript }} />
        <meta name={SITE_URL_META} content={SITE_URL} />
        {/* the dashboard's data, asked for by the HTML before any module script arrives
            (issue 12); it runs once the style sheet React writes first has arrived */}
        {spaShell || (buildRender() && isDashboardPath(pathname)) ? (
          <script dangerouslySetInnerHTML={{ __html: dashboardInlineScript() }} />
        ) : null}
        {/* Arabic pages only: other languages never fetch the Arabic font (decision 070) */}
        {lang === "ar" ? <ArabicFont /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {staticPage ? (
          <script type="module" src={ISLANDS_SCRIPT_PLACEHOLDER} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function Root() {
  const { pathname } = useLocation();
  const lang = languageFromPath(pathname);
  // Pages that are not prerendered start from the SPA shell, built at "/" (English), and
  // hydration does not patch a differing attribute: set the document's language here.
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = directionOf(lang);
  }, [lang]);
  // what a quick visitor typed into the prerendered page before it hydrated is kept
  useEffect(() => replayTypedBeforeHydration(), []);
  // production only: the offline calculator (app/service-worker.ts)
  useEffect(() => registerServiceWorker(lang), [lang]);
  useLanguageLoaded(lang);
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <Providers>
        <Outlet />
      </Providers>
    </I18nextProvider>
  );
}

export function HydrateFallback() {
  return null;
}

/** Last resort: a 404 response shows the not-found page, anything else a reload hint. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const lang = languageFromPath(pathname);
  const i18n = i18nFor(lang);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <I18nextProvider i18n={i18n}>
        <NotFound />
      </I18nextProvider>
    );
  }
  console.error(error);
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-stone-900">{i18n.t("error.title")}</h1>
      <p className="text-stone-600">{i18n.t("error.text")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {i18n.t("actions.reload")}
      </button>
    </div>
  );
}
