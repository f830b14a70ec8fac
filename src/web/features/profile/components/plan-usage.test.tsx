// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { installContractServer, route, serve } from "~/test/msw";
import { PlanUsage } from "./plan-usage";

// The usage lines under the profile's plan: each limit's label with the catalogue's colon, so
// French spaces it (U+202F) (issue 30).

installContractServer();
afterEach(cleanup);

describe("PlanUsage", () => {
  it.each([
    ["/profile", "Workspaces you own: 1 of 2"],
    ["/fr/profile", "Espaces de travail dont vous êtes propriétaire\u202F: 1 sur 2"],
    ["/nl/profile", "Werkruimtes waarvan je eigenaar bent: 1 van 2"],
  ])("on %s reads %j", async (at, line) => {
    serve(
      route("get", "/api/me/plan", () =>
        Response.json({
          plan: "standard",
          usage: [{ feature: "workspaces", used: 1, limit: 2 }],
          renewsAt: null,
          endsAt: null,
          onlinePayment: false,
          manageable: false,
        }),
      ),
    );
    renderAt(at, { [at]: <PlanUsage /> });
    expect((await screen.findByTestId("plan-usage-workspaces")).textContent).toBe(line);
  });
});
