import { useSyncExternalStore } from "react";
import {
  resolvedTheme,
  storedTheme,
  THEME_CHANGE_EVENT,
  type Theme,
  type ThemeChoice,
} from "./theme";

// The theme choice and the theme shown, for components (app/theme.ts holds the rest). The
// prerender knows neither: it renders "system" and light, and the browser's first render
// after hydration has the real ones.

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.("(prefers-color-scheme: dark)");
  document.addEventListener(THEME_CHANGE_EVENT, onChange);
  media?.addEventListener("change", onChange);
  return () => {
    document.removeEventListener(THEME_CHANGE_EVENT, onChange);
    media?.removeEventListener("change", onChange);
  };
}

/** The stored choice: system, light or dark. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, storedTheme, () => "system");
}

/** The theme the page is shown in now. */
export function useResolvedTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => resolvedTheme(document),
    () => "light",
  );
}
