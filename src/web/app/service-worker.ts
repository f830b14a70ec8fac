// Registers the service worker that the production build generates for the page's language
// (/sw.js, /sw-fr.js, /sw-nl.js: decision 007, issue 12): it precaches that language's
// calculator so that, once loaded, it opens and computes with the network off. Never inside a frame (the embed lives on other sites), never where browsers have no
// workers, and never in development: there is no sw.js there, and a worker left behind by a
// production run on the same address (`npm start` and `npm run dev` both use :3000) is removed.

// the domain's list, not the route table: the static pages' islands import this (decision 025)
import { defaultLanguage, type Language } from "../../domain/language";

/** The worker of a language, as scripts/build-service-worker.ts names it. */
export const serviceWorkerUrl = (lang: Language) =>
  lang === defaultLanguage ? "/sw.js" : `/sw-${lang}.js`;

/**
 * Each language's worker controls its own pages (/fr/…), English the rest. Five scripts taking
 * turns at one scope made every change of language install, activate and claim anew, and a
 * navigation that met the turnover could hang in Chromium (decision 072).
 */
export const serviceWorkerScope = (lang: Language) =>
  lang === defaultLanguage ? "/" : `/${lang}/`;

export function registerServiceWorker(lang: Language): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  if (!import.meta.env.PROD) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => {});
    return;
  }
  if (window.self !== window.top) return;
  const register = () => {
    navigator.serviceWorker
      .register(serviceWorkerUrl(lang), { scope: serviceWorkerScope(lang) })
      .catch((error: unknown) => {
        // the app works without it, only not offline
        console.warn("Service worker registration failed", error);
      });
  };
  // once the page has loaded and the browser is idle, so precaching never competes with the
  // first render or the first interactions (issue 12)
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(register, { timeout: 5_000 })
      : setTimeout(register, 1_000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
