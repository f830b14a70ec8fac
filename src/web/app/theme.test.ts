// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  applyTheme,
  chooseTheme,
  storedTheme,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  themeInlineScript,
} from "./theme";

// The head as root.tsx renders it: the page's own metas for the system's light and dark.
const head = `
  <meta name="color-scheme" content="light dark">
  <meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}">
  <meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}">`;

/** The content of the first meta of that name: the one the browser uses. */
const firstMeta = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

beforeEach(() => {
  document.head.innerHTML = head;
});
afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("data-theme");
});

describe("the inline script", () => {
  const run = () => new Function(themeInlineScript)();

  it("applies a stored dark choice: data-theme and metas of that theme first", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    run();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(firstMeta("theme-color")).toBe(THEME_COLORS.dark);
    expect(firstMeta("color-scheme")).toBe("dark");
  });

  it("applies a stored light choice", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    run();
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(firstMeta("theme-color")).toBe(THEME_COLORS.light);
    expect(firstMeta("color-scheme")).toBe("light");
  });

  it("leaves the page to the system without a choice, or with anything else stored", () => {
    run();
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    run();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(document.head.innerHTML.trim()).toBe(head.trim());
  });
});

describe("choosing", () => {
  it("stores the choice and shows it; system forgets it and gives the page back to the system", () => {
    chooseTheme(document, "dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(storedTheme()).toBe("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(firstMeta("theme-color")).toBe(THEME_COLORS.dark);

    chooseTheme(document, "light");
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(firstMeta("theme-color")).toBe(THEME_COLORS.light);
    expect(document.querySelectorAll("meta[data-theme-choice]")).toHaveLength(2);

    chooseTheme(document, "system");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(storedTheme()).toBe("system");
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(document.head.innerHTML.trim()).toBe(head.trim());
  });

  it("tells listeners", () => {
    let told = 0;
    document.addEventListener("hawl:themechange", () => told++);
    applyTheme(document, "dark");
    expect(told).toBe(1);
  });
});
