// The static pages' only script (decision 025): an ES module of a few KB, no React. The build
// bundles it (scripts/build-islands.ts) and names it in the pages' HTML in place of
// ISLANDS_SCRIPT_PLACEHOLDER. Everything else on these pages is native HTML: popover menus, a
// modal <dialog> sheet, radio buttons, links.
import { registerServiceWorker } from "~/app/service-worker";
import { showAccount } from "./account-plan";
import {
  closeMenuOnLink,
  dialogCommandsWithoutSupport,
  followThemeSwitch,
  keepAddressInLanguageLinks,
  markHeaderScrolled,
  pageLanguage,
  rememberChosenLanguage,
  suggestLanguage,
} from "./islands";

keepAddressInLanguageLinks(document, window);
rememberChosenLanguage(document);
closeMenuOnLink(document);
dialogCommandsWithoutSupport(document);
markHeaderScrolled(document, window);
followThemeSwitch(document);
suggestLanguage(document, window);
// a signed-in visitor: the header's signed-in actions; on pricing, the account's plan and buttons
void showAccount(document);
// the offline calculator, as on every other page (app/service-worker.ts)
registerServiceWorker(pageLanguage(document));
