// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "#contracts/me.ts";
import { meAnswer } from "~/features/auth/test/auth-api";
import { serveTracker } from "~/features/tracker/test/tracker-api";
import { renderTracker, stubBrowserApis } from "~/features/tracker/test/render";
import { installContractServer, route, serve } from "~/test/msw";
import { DashboardPage } from "./dashboard-page";

installContractServer();

// Issue 30 #9: the dashboard offers an upgrade only to an account that has one to make; Pro
// sees where to manage its plan.

const words = {
  en: { at: "/dashboard", upgrade: "Upgrade plan", manage: "Manage plan" },
  fr: { at: "/fr/dashboard", upgrade: "Changer de formule", manage: "Gérer ma formule" },
  nl: { at: "/nl/dashboard", upgrade: "Abonnement upgraden", manage: "Abonnement beheren" },
} as const;

function renderFor(plan: Plan, at: string) {
  serveTracker({});
  serve(
    route("get", "/api/me", () => Response.json(meAnswer(plan))),
    route("get", "/api/invitations", () => Response.json([])),
    route("get", "/api/workspaces/{ws}/calculations", () =>
      Response.json({ calculations: [], totalCount: 0, totalPages: 0, page: 1 }),
    ),
  );
  renderTracker(at, <DashboardPage />);
}

beforeAll(stubBrowserApis);
afterEach(cleanup);

describe.each(Object.entries(words))("dashboard plan button, %s", (_lang, w) => {
  it("a Pro account is not told to upgrade: it manages its plan", async () => {
    renderFor("pro", w.at);
    const manage = await screen.findByRole("link", { name: w.manage });
    expect(manage.getAttribute("href")).toMatch(/\/profile#profile-account$/);
    expect(screen.queryByRole("link", { name: w.upgrade })).toBeNull();
  });

  it.each(["free", "standard"] as const)("a %s account is offered the upgrade", async (plan) => {
    renderFor(plan, w.at);
    const upgrade = await screen.findByRole("link", { name: w.upgrade });
    expect(upgrade.getAttribute("href")).toMatch(/\/pricing$/);
    expect(screen.queryByRole("link", { name: w.manage })).toBeNull();
  });
});
