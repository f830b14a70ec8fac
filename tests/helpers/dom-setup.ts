import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// The jsdom tests share one environment per worker (vitest.config.ts, project unit-dom): each
// test starts from an empty document and empty storage, real timers and no spies, as it would in
// an environment of its own.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  removeSonnerStyles();
});

// sonner adds its stylesheet to the head when it is first imported (the app's own CSS is not
// loaded in these tests). jsdom matches every rule of every sheet on each getComputedStyle, which
// testing-library calls for each element a role query looks at, and its ancestors: the sheet made
// role queries several times slower for the rest of the worker. It hides nothing (no display:none
// or visibility rule), so role queries find the same elements without it. sonner is imported here
// first, so that its sheet is gone before any test (toast.ts still loads it on the first toast:
// that is toast.ts's own state, not the module cache's).
await import("sonner");
function removeSonnerStyles() {
  for (const style of document.head.querySelectorAll("style")) {
    if (style.textContent?.includes("[data-sonner-toaster]")) style.remove();
  }
}
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("lang");
});
