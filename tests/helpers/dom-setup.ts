import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// The jsdom tests share one environment per worker (vitest.config.ts, project unit-dom): each
// test starts from an empty document and empty storage, real timers and no spies, as it would in
// an environment of its own.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("lang");
});
