// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCalls, apiError, installContractServer, route, serve } from "~/test/msw";
import { spyOnToasts } from "~/test/toasts";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { SignOutEverywhereSection } from "./sign-out-everywhere";

// Profile → "Sign out everywhere" (decision 046): nothing is sent before the confirmation; the
// confirmation calls POST /api/auth/revoke-sessions, then signs this browser out.

installContractServer();
let toasts: ReturnType<typeof spyOnToasts>;
beforeEach(() => {
  toasts = spyOnToasts();
});
afterEach(cleanup);

const revokes = () => apiCalls().filter((c) => c.path === "/api/auth/revoke-sessions");

function renderSection(at: string) {
  const signOut = vi.fn(async () => {});
  const path = at.replace(/^\/(fr|nl)(?=\/)/, "/:lang");
  renderAt(
    at,
    { [path]: <SignOutEverywhereSection /> },
    withSession(sessionState("signed-in", { signOut })),
  );
  return { signOut };
}

describe("SignOutEverywhereSection", () => {
  it.each([
    ["/profile", "Sign out everywhere", "Sign out everywhere?", "Cancel"],
    ["/fr/profile", "Se déconnecter partout", "Se déconnecter partout\u202F?", "Annuler"],
    ["/nl/profile", "Overal uitloggen", "Overal uitloggen?", "Annuleren"],
  ])(
    "on %s asks for a confirmation and sends nothing when cancelled",
    async (at, button, title, cancel) => {
      renderSection(at);
      expect(screen.getByRole("heading", { level: 2, name: button })).toBeTruthy();
      fireEvent.click(screen.getByTestId("sign-out-everywhere"));
      const dialog = await screen.findByRole("dialog", { name: title });
      expect(dialog.textContent).toContain(button);
      fireEvent.click(screen.getAllByRole("button", { name: cancel })[0]!);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(revokes()).toEqual([]);
    },
  );

  it("ends every session on confirmation, then signs this browser out", async () => {
    serve(route("post", "/api/auth/revoke-sessions", () => Response.json({ status: true })));
    const { signOut } = renderSection("/profile");
    fireEvent.click(screen.getByTestId("sign-out-everywhere"));
    fireEvent.click(await screen.findByTestId("sign-out-everywhere-confirm"));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(revokes()).toEqual([
      { method: "POST", path: "/api/auth/revoke-sessions", search: "", body: {} },
    ]);
    expect(toasts.success).toHaveBeenCalledWith("You are signed out everywhere.", {
      id: "signed-out-everywhere",
    });
  });

  it("says so when the server refuses, and keeps this browser signed in", async () => {
    serve(route("post", "/api/auth/revoke-sessions", () => apiError(503, "UNAVAILABLE")));
    const { signOut } = renderSection("/fr/profile");
    fireEvent.click(screen.getByTestId("sign-out-everywhere"));
    fireEvent.click(await screen.findByTestId("sign-out-everywhere-confirm"));
    expect((await screen.findByTestId("sign-out-everywhere-error")).textContent).toBe(
      "Nous n’avons pas pu vous déconnecter partout. Réessayez dans un instant.",
    );
    expect(signOut).not.toHaveBeenCalled();
  });
});
