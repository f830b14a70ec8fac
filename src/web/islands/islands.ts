import { LANGUAGE_STORAGE_KEY, rememberLanguage } from "~/app/language-choice";
import { chooseTheme, isThemeChoice, storedTheme } from "~/app/theme";
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
 * A link inside an open menu (a popover, or the modal sheet's <dialog>) that stays on this page
 * (/pricing#faq on /pricing) closes the menu; any other link leaves the page anyway.
 */
export function closeMenuOnLink(doc: Document): void {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    const menu = link?.closest<HTMLElement>("[popover], dialog");
    if (!menu) return;
    if (menu instanceof (doc.defaultView ?? window).HTMLDialogElement) {
      menu.close();
      return;
    }
    try {
      menu.hidePopover();
    } catch {
      // already closed, or a browser without popovers (the menu is then plain content)
    }
  });
}

/**
 * The modal sheet's button opens it by an invoker command (command="show-modal" commandfor=…)
 * and a click on its backdrop closes it (closedby="any"), both HTML a browser does alone. For a
 * browser without them, a click does the same here.
 */
export function dialogCommandsWithoutSupport(doc: Document): void {
  const view = doc.defaultView;
  if (!view) return;
  const commands = "command" in view.HTMLButtonElement.prototype;
  const closedBy = "closedBy" in view.HTMLDialogElement.prototype;
  if (commands && closedBy) return;
  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const button = commands ? null : target?.closest?.("button[commandfor]");
    if (button) {
      const dialog = doc.getElementById(button.getAttribute("commandfor") ?? "");
      if (!(dialog instanceof view.HTMLDialogElement)) return;
      const command = button.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      if (command === "close") dialog.close();
      return;
    }
    // a click on the backdrop lands on the dialog itself, outside its box
    if (closedBy || !(target instanceof view.HTMLDialogElement)) return;
    if (!target.open || target.getAttribute("closedby") !== "any") return;
    const box = target.getBoundingClientRect();
    const event_ = event as MouseEvent;
    const outside =
      event_.clientX < box.left ||
      event_.clientX > box.right ||
      event_.clientY < box.top ||
      event_.clientY > box.bottom;
    if (outside) target.close();
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

/** The footer's theme switch (components/layout/theme-switcher.tsx): the stored choice checked, a change applied and stored. */
export function followThemeSwitch(doc: Document): void {
  const current = storedTheme();
  for (const input of doc.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
    input.checked = input.value === current;
  }
  doc.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement | null;
    if (input?.name !== "theme" || !isThemeChoice(input.value)) return;
    chooseTheme(doc, input.value);
  });
}

/** The first of the browser's languages (Accept-Language, in order) that Hawl speaks. */
export function preferredLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * A first visit (no language chosen yet) whose browser asks first for another language than the
 * page's: its note of the prerendered suggestion shows (components/layout/language-suggestion).
 * "No, thanks" stores the page's language, so that it is not offered again.
 */
export function suggestLanguage(doc: Document, win: Window): void {
  const box = doc.querySelector<HTMLElement>("[data-language-suggestion]");
  if (!box) return;
  try {
    if (win.localStorage.getItem(LANGUAGE_STORAGE_KEY)) return;
  } catch {
    return;
  }
  const nav = win.navigator;
  const wanted = preferredLanguage(nav.languages?.length ? nav.languages : [nav.language]);
  const current = pageLanguage(doc);
  if (!wanted || wanted === current) return;
  const note = box.querySelector<HTMLElement>(`[data-suggest="${wanted}"]`);
  if (!note) return;
  note.hidden = false;
  box.hidden = false;
  note.querySelector("[data-dismiss]")?.addEventListener("click", () => {
    rememberLanguage(current);
    box.hidden = true;
  });
}
