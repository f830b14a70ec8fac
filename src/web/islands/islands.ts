import { rememberLanguage } from "~/app/language-choice";
import { isLanguage, type Language } from "../../domain/language";

// What a static page (decision 025) does in the browser, without React: a few listeners on the
// prerendered HTML. Each function takes the document (and window) it works on, for the tests.

/** The page's language, from <html lang> (the prerender wrote it). */
export function pageLanguage(doc: Document): Language {
  const lang = doc.documentElement.lang;
  return isLanguage(lang) ? lang : "en";
}

/**
 * Language links (a[hreflang]) lead to the same page in that language: the prerender wrote its
 * path; this adds the address's query and fragment (as the app's switcher does), now and
 * whenever the fragment changes.
 */
export function keepAddressInLanguageLinks(doc: Document, win: Window): void {
  const update = () => {
    for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[hreflang]")) {
      const href = link.getAttribute("href") ?? "";
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      const path = href.split(/[?#]/)[0];
      link.setAttribute("href", `${path}${win.location.search}${win.location.hash}`);
    }
  };
  update();
  win.addEventListener("hashchange", update);
}

/** Choosing a language stores it under localStorage "language" (spec §2). */
export function rememberChosenLanguage(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[hreflang]");
    const lang = link?.getAttribute("hreflang") ?? null;
    if (isLanguage(lang)) rememberLanguage(lang);
  });
}

/**
 * A link inside an open popover menu that stays on this page (/pricing#faq on /pricing) closes
 * the menu; any other link leaves the page anyway.
 */
export function closeMenuOnLink(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    const menu = link?.closest<HTMLElement>("[popover]");
    if (!menu) return;
    try {
      menu.hidePopover();
    } catch {
      // already closed, or a browser without popovers (the menu is then plain content)
    }
  });
}

/** The header's look once the page is scrolled more than `threshold` px (spec §9). */
export function markHeaderScrolled(doc: Document, win: Window, threshold = 10): void {
  const header = doc.querySelector<HTMLElement>("header[data-scrolled]");
  if (!header) return;
  const update = () => {
    header.dataset.scrolled = win.scrollY > threshold ? "true" : "false";
  };
  update();
  win.addEventListener("scroll", update, { passive: true });
}
