// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Plan } from "../../contracts/me";
import type { SessionState } from "~/lib/use-session";
import { meAnswer } from "~/features/auth/test/auth-api";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import PricingPage from "./pricing";

// Issue 14: signed in, a paid plan's button writes to support (an operator sets the plan,
// decision 015) instead of the sign-up page, which sends a signed-in person to the dashboard.

installContractServer();

/** GET /api/me/plan: `plan`, nothing used, plans not bought online here (decision 015). */
const servePlanUsage = (plan: Plan) =>
  serve(
    route("get", "/api/me/plan", () =>
      Response.json({
        plan,
        usage: [],
        renewsAt: null,
        endsAt: null,
        onlinePayment: false,
        manageable: false,
      }),
    ),
  );

function renderPricing(at: string, status: SessionState["status"]) {
  return renderAt(
    at,
    { "/pricing": <PricingPage />, "/fr/pricing": <PricingPage />, "/nl/pricing": <PricingPage /> },
    withSession(sessionState(status)),
  );
}

describe("pricing page buttons", () => {
  afterEach(cleanup);
  // signed in: the account unknown until a test says it (unavailable); no online payment here
  beforeEach(() => {
    serve(route("get", "/api/me", () => apiError(503, "UNAVAILABLE", "x")));
    servePlanUsage("free");
  });

  it("signed out: paid plans go to sign-up with the plan and billing", () => {
    renderPricing("/pricing", "signed-out");
    const standard = screen.getByRole("link", { name: "Choose Standard" });
    expect(standard.getAttribute("href")).toBe("/signup?plan=standard&billing=monthly");
    expect(screen.queryByTestId("plan-contact-note-standard")).toBeNull();
  });

  it("signed in: paid plans write to support and say why; free goes to the dashboard", () => {
    renderPricing("/fr/pricing", "signed-in");
    const pro = screen.getByTestId("plan-contact-pro");
    expect(pro.getAttribute("href")).toMatch(/^mailto:[^?]+\?subject=Hawl%E2%80%AF%3A%20passer/);
    expect(decodeURIComponent(pro.getAttribute("href")!)).toContain("Pro (Mensuel)");
    expect(screen.getByTestId("plan-contact-note-pro").textContent).toMatch(/paiement en ligne/);
    expect(screen.getByRole("link", { name: "Commencer" }).getAttribute("href")).toBe(
      "/fr/dashboard",
    );
  });

  it("signed in: the account's plan is marked, and its button writes to nobody", async () => {
    serve(route("get", "/api/me", () => Response.json(meAnswer("standard"))));
    servePlanUsage("standard");
    renderPricing("/pricing", "signed-in");
    expect(await screen.findByTestId("plan-current-standard")).toBeTruthy();
    expect(screen.queryByTestId("plan-current-free")).toBeNull();
    expect(screen.queryByTestId("plan-contact-standard")).toBeNull();
    expect(screen.getByTestId("plan-contact-pro")).toBeTruthy();
  });
});

// Issue 30 #9: the note names the support address as a link, the plan in its subject; the
// account's own plan says so instead of offering itself; each billing shows its own price only.
const texts = {
  en: { at: "/pricing", subject: "move my account to Standard (Monthly)", free: "Get started" },
  fr: {
    at: "/fr/pricing",
    subject: "passer mon compte à la formule Standard (Mensuel)",
    free: "Commencer",
  },
  nl: {
    at: "/nl/pricing",
    subject: "mijn account naar Standard (Maandelijks)",
    free: "Aan de slag",
  },
} as const;

describe.each(Object.entries(texts))("pricing page, %s", (_lang, words) => {
  afterEach(cleanup);
  beforeEach(() => {
    serve(route("get", "/api/me", () => Response.json(meAnswer("free"))));
    servePlanUsage("free");
  });

  it("the contact note links to the support address with the plan in its subject", () => {
    renderPricing(words.at, "signed-in");
    const note = screen.getByTestId("plan-contact-note-standard");
    const link = within(note).getByRole("link");
    const href = link.getAttribute("href")!;
    expect(href).toMatch(/^mailto:[^@?]+@[^?]+\?subject=/);
    expect(link.textContent).toBe(href.slice("mailto:".length, href.indexOf("?")));
    expect(decodeURIComponent(href)).toContain(words.subject);
  });

  it("a Free account's Free card says it is the current plan, not Get started", async () => {
    renderPricing(words.at, "signed-in");
    const free = await screen.findByTestId("plan-cta-current");
    expect((free as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link", { name: words.free })).toBeNull();
  });

  it("each billing shows its own price and billing line only", () => {
    renderPricing(words.at, "signed-out");
    const card = () => screen.getByRole("article", { name: "Standard" });
    expect(card().textContent).toMatch(/9\s?€|€\s?9\b/);
    expect(card().textContent).not.toMatch(/90/);
    fireEvent.click(screen.getAllByRole("radio")[1]!);
    expect(card().textContent).toMatch(/90/);
    expect(card().textContent).not.toMatch(/(^|[^0-9])9\s?€|€\s?9(?!0)/);
  });
});
