import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { EmbedApp } from "./embed-app";
import { directionOf } from "~/app/locale-tags";
import { embedI18n } from "./i18n";
import { reportFrameHeight } from "./frame-height";
import { embedStateOf } from "./state";
import { applyTheme } from "./theme";
import { framingSite, usageCounter } from "./usage";
import "./embed.css";

// The embed page's own entry (build: vite.embed.config.ts → build/embed): no router, no
// session, no dashboard code. The server answers /embed/calculator with this page and its
// decision in <meta name="hawl-embed-state"> (src/server/http/embed-page.ts).

const state = embedStateOf(document, window.location);
const { language, primaryColor, accentColor } = state.settings;
document.documentElement.lang = language;
document.documentElement.dir = directionOf(language);
applyTheme(document.documentElement, primaryColor, accentColor);

const i18n = await embedI18n(language);
// a keyed embed counts its loads, results and clicks (issue 18); the public one counts nothing
const count =
  state.status === "ok" && state.keyed
    ? usageCounter(
        new URLSearchParams(window.location.search).get("key"),
        framingSite(window.location, document),
      )
    : undefined;
count?.("load");
document.title = i18n.t("calculator:title");

const root = document.getElementById("root")!;
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <EmbedApp state={state} count={count} />
    </I18nextProvider>
  </StrictMode>,
);
// the host script (/embed/resize.js) sizes the frame to the page's content
reportFrameHeight(root);
