// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionContext, type SessionState } from "~/features/auth/hooks/use-session";
import { renderAt } from "~/features/auth/test/render";
import PricingPage from "./pricing";

// Issue 14: signed in, a paid plan's button writes to support (an operator sets the plan,
// decision 015) instead of the sign-up page, which sends a signed-in person to the dashboard.

const session = (status: SessionState["status"]): SessionState => ({
  status,
  user:
    status === "signed-in"
      ? { id: "u1", email: "a@example.org", name: "A", emailVerified: true }
      : null,
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => {},
  redirecting: false,
  signingOut: false,
});

function renderPricing(at: string, status: SessionState["status"]) {
  return renderAt(at, { "/pricing": <PricingPage />, "/fr/pricing": <PricingPage /> }, (c) => (
    <SessionContext.Provider value={session(status)}>{c}</SessionContext.Provider>
  ));
}

describe("pricing page buttons", () => {
  afterEach(cleanup);

  it("signed out: paid plans go to sign-up with the plan and billing", () => {
    renderPricing("/pricing", "signed-out");
    const standard = screen.getByRole("link", { name: "Choose Standard" });
    expect(standard.getAttribute("href")).toBe("/signup?plan=standard&billing=monthly");
    expect(screen.queryByTestId("plan-contact-note-standard")).toBeNull();
  });

  it("signed in: paid plans write to support and say why; free goes to the dashboard", () => {
    renderPricing("/fr/pricing", "signed-in");
    const pro = screen.getByTestId("plan-contact-pro");
    expect(pro.getAttribute("href")).toMatch(/^mailto:[^?]+\?subject=Hawl%20%3A%20passer/);
    expect(decodeURIComponent(pro.getAttribute("href")!)).toContain("Pro (Mensuel)");
    expect(screen.getByTestId("plan-contact-note-pro").textContent).toMatch(/paiement en ligne/);
    expect(screen.getByRole("link", { name: "Commencer" }).getAttribute("href")).toBe(
      "/fr/dashboard",
    );
  });

  it("signed in: the account's plan is marked, and its button writes to nobody", async () => {
    const me = {
      user: { id: "u1", email: "a@example.org", emailVerified: true },
      profile: {
        fullName: null,
        avatarUrl: null,
        role: "user",
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
      plan: "standard",
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(me), { headers: { "content-type": "application/json" } }),
      ),
    );
    try {
      renderPricing("/pricing", "signed-in");
      expect(await screen.findByTestId("plan-current-standard")).toBeTruthy();
      expect(screen.queryByTestId("plan-current-free")).toBeNull();
      expect(screen.queryByTestId("plan-contact-standard")).toBeNull();
      expect(screen.getByTestId("plan-contact-pro")).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
