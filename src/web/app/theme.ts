// Light or dark (decision 059), without React: shared by the page's early inline script
// (root.tsx), the footer's switch (components/layout/theme-switcher.tsx) and the static pages'
// islands (src/web/islands). "system" stores nothing and leaves <html> without data-theme: the
// style sheet then follows prefers-color-scheme by itself (app.css), no script needed.

export const THEME_STORAGE_KEY = "theme";
export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = "light" | "dark";

/** The browser's bar above the page (meta theme-color): the brand in light, the page in dark. */
export const THEME_COLORS: Record<Theme, string> = { light: "#80009e", dark: "#0c0a09" };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return themeChoices.includes(value as ThemeChoice);
}

/** Fired on the document after applyTheme(), for what draws in the theme's colours (toasts). */
export const THEME_CHANGE_EVENT = "hawl:themechange";

/**
 * Runs inline in <head> of every page, before the style sheet has painted anything: a stored
 * "light" or "dark" becomes <html data-theme>, and a theme-color and a color-scheme meta of
 * that theme go before the page's own (the first one that applies wins; React keeps the page's
 * as rendered). A few statements, no request: nothing for the first paint to wait on.
 */
export const themeInlineScript = `(function(){try{var c=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(c!=="light"&&c!=="dark")return;var d=document,h=d.documentElement,f=d.querySelector('meta[name="color-scheme"]');h.setAttribute("data-theme",c);if(!f)return;[["color-scheme",c],["theme-color",c==="dark"?${JSON.stringify(
  THEME_COLORS.dark,
)}:${JSON.stringify(THEME_COLORS.light)}]].forEach(function(p){var m=d.createElement("meta");m.name=p[0];m.content=p[1];m.setAttribute("data-theme-choice","");f.before(m)})}catch(e){}})()`;

/** The stored choice; "system" when none (or storage is unavailable). */
export function storedTheme(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(value) ? value : "system";
  } catch {
    return "system";
  }
}

/** The page as shown now: the choice, or the system's preference for "system". */
export function resolvedTheme(doc: Document = document): Theme {
  const attr = doc.documentElement.getAttribute("data-theme");
  if (attr === "light" || attr === "dark") return attr;
  const win = doc.defaultView;
  return win?.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Shows the page in the choice's theme, as the inline script does on the next load. */
export function applyTheme(doc: Document, choice: ThemeChoice): void {
  const root = doc.documentElement;
  for (const meta of doc.querySelectorAll("meta[data-theme-choice]")) meta.remove();
  if (choice === "system") {
    root.removeAttribute("data-theme");
  } else {
    root.setAttribute("data-theme", choice);
    const first = doc.querySelector('meta[name="color-scheme"]');
    const metas: [string, string][] = [
      ["color-scheme", choice],
      ["theme-color", THEME_COLORS[choice]],
    ];
    for (const [name, content] of metas) {
      const meta = doc.createElement("meta");
      meta.name = name;
      meta.content = content;
      meta.setAttribute("data-theme-choice", "");
      if (first) first.before(meta);
    }
  }
  doc.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

/** Stores the choice and shows it; a failing storage only loses it for the next visit. */
export function chooseTheme(doc: Document, choice: ThemeChoice): void {
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch (error) {
    console.error("Could not store the theme choice", error);
  }
  applyTheme(doc, choice);
}
