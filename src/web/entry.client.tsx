import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { pageAt } from "../contracts/web-routes";
import { languageFromPath, loadLanguage } from "./app/i18n";
import { startPageEarly } from "./shell/page-early";

// a page that is not prerendered asks for its route's scripts and data at once (shell/page-early.ts)
startPageEarly(window.location.pathname);

// the page's catalogs first (contracts/web-routes.ts lists them), so that the prerendered HTML
// hydrates with the texts it was rendered with
await loadLanguage(
  languageFromPath(window.location.pathname),
  pageAt(window.location.pathname)?.namespaces ?? [],
);

// in a transition, hydration yields to the browser between components, and a click meanwhile is
// replayed once its part has hydrated (decision 050)
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
