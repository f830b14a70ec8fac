import { afterEach, describe, expect, it } from "vitest";
import { meAnswer, serveAuth } from "~/features/auth/test/auth-api";
import { takeEarly } from "~/lib/api-client";
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import { dashboardInlineScript, requestDashboardData } from "./early-data";

// Issue 12: the SPA shell's inline script starts the dashboard's requests before any module has
// loaded; the module code takes them over instead of asking again.

installContractServer();
const paths = ["/api/auth/get-session", "/api/me", "/api/invitations", "/api/workspaces"] as const;
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__hawlEarly;
  for (const path of paths)
    while (takeEarly(path)) {
      // nothing left for the next test
    }
  window.history.replaceState(null, "", "/");
});

/** Runs the script as the browser runs the shell's HTML: a classic script, global scope. */
function runInlineScript() {
  new Function(dashboardInlineScript())();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the dashboard's early requests", () => {
  it("off the dashboard, the inline script asks for nothing", async () => {
    window.history.replaceState(null, "", "/fr/calculator");
    runInlineScript();
    await settle();
    expect(apiCalls()).toEqual([]);
    expect((window as unknown as Record<string, unknown>).__hawlEarly).toBeUndefined();
  });

  it("on /fr/dashboard, signed in, each request is made once: by the script, taken over by the module code", async () => {
    serveAuth(true);
    serve(
      route("get", "/api/me", () => Response.json(meAnswer("free"))),
      route("get", "/api/invitations", () => Response.json([])),
      // no workspace: the chain stops before a workspace's data
      route("get", "/api/workspaces", () => Response.json([])),
    );
    window.history.replaceState(null, "", "/fr/dashboard/");
    runInlineScript();
    await requestDashboardData();
    await settle();
    expect(apiCalls().map((c) => c.path)).toEqual([...paths]);
    for (const path of paths) expect(takeEarly(path), path).toBeDefined();
  });

  it("signed out, the script asks for the session only", async () => {
    serveAuth(false);
    window.history.replaceState(null, "", "/dashboard");
    runInlineScript();
    await requestDashboardData();
    await settle();
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/auth/get-session"]);
  });
});
