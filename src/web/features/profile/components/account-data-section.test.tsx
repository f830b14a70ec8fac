// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { apiCalls, apiError, installContractServer, route, serve } from "~/test/msw";
import { AccountDataSection } from "./account-data-section";

// Decision 048: DELETE /api/me answers 503 UNAVAILABLE when the subscription could not be
// cancelled with Stripe; the dialog says nothing was deleted and offers the billing portal.

installContractServer();

describe("delete-account dialog when billing cannot be reached", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  for (const [at, text, portal] of [
    ["/profile", /nothing was deleted/, "Open the billing portal"],
    ["/fr/profile", /rien n’a donc été supprimé/, "Ouvrir l’espace de facturation"],
    ["/nl/profile", /er is niets verwijderd/, "Facturatieportaal openen"],
  ] as const) {
    it(`says so and links to the billing portal (${at})`, async () => {
      serve(
        route("delete", "/api/me", () => apiError(503, "UNAVAILABLE", "x")),
        route("post", "/api/billing/portal", () =>
          Response.json({ url: "https://billing.example.org/p/session" }),
        ),
      );
      const assign = vi.fn();
      vi.spyOn(window, "location", "get").mockReturnValue({
        ...window.location,
        assign,
      } as Location);
      renderAt(at, { [at]: <AccountDataSection /> }, withSession(sessionState("signed-in")));
      fireEvent.click(screen.getByTestId("profile-delete-account"));
      fireEvent.change(screen.getByTestId("delete-account-password"), {
        target: { value: "my password 42" },
      });
      fireEvent.click(screen.getByTestId("delete-account-confirm"));
      const alert = await screen.findByTestId("delete-account-billing");
      expect(alert.textContent).toMatch(text);
      const button = screen.getByTestId("delete-account-portal");
      expect(button.textContent).toBe(portal);
      fireEvent.click(button);
      await vi.waitFor(() =>
        expect(assign).toHaveBeenCalledWith("https://billing.example.org/p/session"),
      );
      expect(apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual(
        expect.arrayContaining(["DELETE /api/me", "POST /api/billing/portal"]),
      );
    });
  }
});
