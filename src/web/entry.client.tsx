import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { pageAt } from "../contracts/web-routes";
import { languageFromPath, loadLanguage } from "./app/i18n";
import { startPageEarly } from "./shell/page-early";

// a page that is not prerendered asks for its route's scripts and its data at once (shell/page-early.ts)
startPageEarly(window.location.pathname);

// React Router's default entry, after the page's catalogs (its language, `common` and the
// namespaces its declaration lists: contracts/web-routes.ts) have arrived: the prerendered HTML is hydrated with the same texts it was rendered with (app/i18n.ts).
await loadLanguage(
  languageFromPath(window.location.pathname),
  pageAt(window.location.pathname)?.namespaces ?? [],
);

// In a transition, hydration yields to the browser between components (short tasks rather than
// one long one) and a click meanwhile is replayed once its part has hydrated (decision 050).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
