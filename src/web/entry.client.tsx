import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { languageFromPath, loadLanguage } from "./app/i18n";

// React Router's default entry, after the page's language catalog has arrived: the prerendered
// HTML is hydrated with the same texts it was rendered with (app/i18n.ts).
await loadLanguage(languageFromPath(window.location.pathname));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
