import type { Page } from "@playwright/test";
import { baseURL } from "./ports.ts";

export interface PageProblem {
  kind: "console-error" | "page-error" | "request-failed" | "http-error";
  /** the page address when it happened */
  at: string;
  detail: string;
}

/**
 * Records what a careful reviewer would flag on a page: console errors (CSP violations are
 * reported there), uncaught exceptions, same-origin requests that failed at the network level
 * and same-origin answers >= 400. `allow` filters out problems a test expects.
 */
export function watchPageHealth(
  page: Page,
  options: { allow?: (problem: PageProblem) => boolean } = {},
) {
  const problems: PageProblem[] = [];
  const origin = new URL(baseURL).origin;
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  // requests still open, so that a page that never goes quiet says which request keeps it busy
  const inFlight = new Set<string>();
  const label = (request: { method(): string; url(): string }) =>
    `${request.method()} ${request.url()}`;
  page.on("request", (request) => inFlight.add(label(request)));
  page.on("requestfinished", (request) => inFlight.delete(label(request)));
  page.on("requestfailed", (request) => inFlight.delete(label(request)));
  const push = (problem: PageProblem) => {
    if (!options.allow?.(problem)) problems.push(problem);
  };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const location = message.location();
    const where = location.url ? ` (${location.url}:${location.lineNumber})` : "";
    push({ kind: "console-error", at: page.url(), detail: `${message.text()}${where}` });
  });
  page.on("pageerror", (error) => {
    push({ kind: "page-error", at: page.url(), detail: error.stack ?? error.message });
  });
  page.on("requestfailed", (request) => {
    if (!sameOrigin(request.url())) return;
    const reason = request.failure()?.errorText ?? "failed";
    // ERR_ABORTED is the browser cancelling its own request (a client-side redirect, the test
    // opening another page while a fetch runs, a query cancelled on unmount), never the server
    // failing: a dropped connection shows as ERR_EMPTY_RESPONSE or ERR_CONNECTION_RESET
    if (reason === "net::ERR_ABORTED") return;
    push({
      kind: "request-failed",
      at: page.url(),
      detail: `${request.method()} ${request.url()}: ${reason}`,
    });
  });
  page.on("response", (response) => {
    if (!sameOrigin(response.url()) || response.status() < 400) return;
    push({
      kind: "http-error",
      at: page.url(),
      detail: `${response.request().method()} ${response.url()} → ${response.status()}`,
    });
  });
  return {
    problems,
    /** a readable list for assertion messages */
    describe: () =>
      problems.map((p) => `  [${p.kind}] on ${p.at}: ${p.detail}`).join("\n") || "  (none)",
    clear: () => problems.splice(0),
    /** waits for the network to go quiet; when it does not, fails naming the open requests */
    settle: async (timeout = 30_000) => {
      try {
        await page.waitForLoadState("networkidle", { timeout });
      } catch (error) {
        throw new Error(
          `the network never went quiet on ${page.url()}; open requests:\n  ${[...inFlight].join("\n  ") || "(none)"}`,
          { cause: error },
        );
      }
    },
  };
}
