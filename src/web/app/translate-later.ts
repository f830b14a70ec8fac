import type { i18n as I18n, Namespace } from "i18next";

/**
 * A text of a namespace the page may not have loaded, for a toast: loads the namespace, then
 * `say` picks the text (`(t) => t("auth:signedIn")`). The root's providers say things only now
 * and then (a failed session check, a lost workspace, signed in or out); asking
 * `useTranslation` for their namespaces would load them with every page (decision 035).
 */
export async function translateLater(
  i18n: I18n,
  namespace: Namespace,
  say: (t: I18n["t"]) => string,
): Promise<string> {
  await i18n.loadNamespaces(namespace);
  return say(i18n.t);
}
