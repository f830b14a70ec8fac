import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Fragment, options } from "preact";
import { HydratedRouter } from "react-router/dom";
import { scheduleEffects } from "./app/effect-timing";
import { dropReactHints } from "./app/react-hints";
import { hydrateWith } from "./app/hydrate-later";
import { languageFromPath, loadLanguage } from "./app/i18n";
import { startPageEarly } from "./app/page-early";
import { hydrateKeepingTypedText } from "./app/typed-before-hydration";
import { namespacesForPath } from "./app/page-namespaces";

// The app renders with Preact (decision 041). Preact renders into `document` as into <html>
// (preact#3794), so the root's <html> element is a fragment here: its <head> and <body> hydrate
// the page's own. Its `lang` is Root's effect's.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  previousVnode?.(vnode);
};
dropReactHints();

// a render's effects: at once after a key or a click, else in a task of their own, as React's
options.requestAnimationFrame = scheduleEffects;

// a page that is not prerendered asks for its route's scripts and its data at once (app/page-early.ts)
startPageEarly(window.location.pathname);

// React Router's default entry, after the page's catalogs (its language, its namespaces) have arrived: the prerendered
// HTML is hydrated with the same texts it was rendered with (app/i18n.ts).
await loadLanguage(
  languageFromPath(window.location.pathname),
  namespacesForPath(window.location.pathname),
);

// HydratedRouter's first render throws a promise until the server's state is decoded; React's
// root waits for it, Preact's has no boundary to catch it (and a <Suspense> there re-creates
// <body>). It throws before its first hook: called and awaited here, the render does not suspend.
try {
  (HydratedRouter as (props: object) => unknown)({});
} catch (thrown) {
  if (!(thrown instanceof Promise)) throw thrown;
  await thrown;
}
// Called once more, it creates the router (its routes matched and ranked: a third of the
// hydration's time) and stops at its first hook, which has no component to belong to outside
// a render. The page then hydrates in a task of its own: two shorter tasks instead of one
// (Lighthouse counts what a task takes beyond 50 ms, at its 4× slowdown, as blocking; issue 12,
// decision 042). A real error in the router's creation is thrown again by the render, which
// creates the router when it is missing.
try {
  (HydratedRouter as (props: object) => unknown)({});
} catch {
  // the hook outside a render, expected
}
await new Promise((resolve) => setTimeout(resolve, 0));

// A prerendered page was rendered by Preact with this page's own texts and ids: it hydrates
// (no attribute is written). The SPA shell (a page that is not prerendered) was rendered for "/"
// with no route: its head (title, canonical, robots) and body differ from this page's, and
// hydration would keep the shell's attributes. It is rendered over instead: Preact reuses the
// shell's elements and writes every attribute that differs.
const spaShell =
  (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext?.isSpaMode ===
  true;
const app = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);
// (Preact renders at once: React's startTransition around this would change nothing)
if (spaShell) createRoot(document).render(app);
// (what was typed into the page before is taken into state in the same task: typed-before-hydration.ts)
else hydrateKeepingTypedText(() => hydrateWith(() => hydrateRoot(document, app)));
