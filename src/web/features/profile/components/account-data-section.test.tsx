// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
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

// Decision 067: the password is DELETE /api/me's body schema; its refusals, the browser's or the
// server's, are said on the field, which has the focus.
describe("delete-account dialog: the password's refusals on the field", () => {
  afterEach(cleanup);

  function openAndSubmit(at: string, password: string) {
    renderAt(at, { [at]: <AccountDataSection /> }, withSession(sessionState("signed-in")));
    fireEvent.click(screen.getByTestId("profile-delete-account"));
    const field = screen.getByTestId("delete-account-password");
    fireEvent.change(field, { target: { value: password } });
    fireEvent.click(screen.getByTestId("delete-account-confirm"));
    return field;
  }

  async function expectRefusal(field: HTMLElement, text: string) {
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById("delete-account-password-error")?.textContent).toBe(text);
    expect(field.getAttribute("aria-describedby")).toBe("delete-account-password-error");
    expect(document.activeElement).toBe(field);
    expect(screen.queryByTestId("delete-account-error")).toBeNull();
  }

  it("an empty password is refused before anything is sent", async () => {
    const field = openAndSubmit("/nl/profile", "");
    await expectRefusal(field, "Vul je wachtwoord in om te bevestigen.");
    expect(apiCalls()).toEqual([]);
  });

  it("the server's 400 field error lands on the password field", async () => {
    serve(
      route("delete", "/api/me", () =>
        apiError(400, "VALIDATION_FAILED", "Invalid body", { password: "required" }),
      ),
    );
    const field = openAndSubmit("/fr/profile", "my password 42");
    await expectRefusal(field, "Saisissez votre mot de passe pour confirmer.");
  });

  it("a wrong password is said on the field, and stays until the next attempt", async () => {
    serve(route("delete", "/api/me", () => apiError(403, "PASSWORD_INCORRECT")));
    const field = openAndSubmit("/profile", "not my password");
    await expectRefusal(field, "That is not your password. Nothing was deleted.");
    fireEvent.change(field, { target: { value: "another try" } });
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
