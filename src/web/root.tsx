import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { I18nextProvider } from "react-i18next";
import { i18nFor, languageFromPath } from "./app/i18n";
import { Providers } from "./app/providers";
import "./app/app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = languageFromPath(useLocation().pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  const lang = languageFromPath(useLocation().pathname);
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
