// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/app/i18n";
import { servePrices } from "~/features/calculator/test/prices-api";
import { apiCalls, installContractServer } from "~/test/msw";
import { EmbedApp } from "./embed-app";
import type { EmbedState } from "./state";

const settings = (language: "en" | "fr" | "nl", currency: "EUR" | "USD" = "EUR") => ({
  language,
  currency,
  primaryColor: "#80009e",
  accentColor: "#b68802",
});

function renderEmbed(state: EmbedState, count?: (event: string) => void) {
  return render(
    <I18nextProvider i18n={i18nFor(state.settings.language)}>
      <EmbedApp state={state} count={count} />
    </I18nextProvider>,
  );
}

const next = () => fireEvent.click(screen.getByTestId("step-next"));

installContractServer();
let credentials: RequestCredentials[];
beforeEach(() => {
  window.scrollTo = () => {};
  credentials = [];
  servePrices((request) => {
    credentials.push(request.credentials);
    return { source: "live" };
  });
});
afterEach(cleanup);

describe("EmbedApp: the calculator", () => {
  it("computes in the embed's language and currency with the fetched prices", async () => {
    renderEmbed({ status: "ok", keyed: true, settings: settings("fr", "USD") });
    await act(async () => {});
    expect(apiCalls()).toMatchObject([{ path: "/api/prices", search: "?currency=USD" }]);
    expect(credentials).toEqual(["omit"]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Calculateur de zakat");
    // no header, footer or account: only the calculator and its own footer
    expect(screen.queryByRole("button", { name: /Enregistrer/ })).toBeNull();
    fireEvent.click(screen.getByLabelText("Espèces et comptes bancaires"));
    next();
    next();
    fireEvent.change(screen.getByLabelText(/^Espèces \(USD\)/), { target: { value: "12 000" } });
    next();
    expect(screen.getByTestId("step-title").textContent).toBe("Votre zakat");
    expect(screen.getByTestId("zakat-due").textContent).toBe("300,00\u00a0$US");
    expect(screen.getByTestId("nisab-value").textContent).toBe("565,25\u00a0$US");
    // the currency is the embed's: the settings do not offer another one
    const settingsPanel = screen.getByTestId("embed-settings");
    expect(within(settingsPanel).queryByLabelText("Devise")).toBeNull();
    expect(
      within(settingsPanel).getByLabelText(/^Or 24 carats, prix au gramme \(USD\)/),
    ).toBeTruthy();
    // start over keeps the prices, clears the entries
    fireEvent.click(screen.getByTestId("start-over"));
    expect(screen.getByTestId("step-progress").textContent).toBe("Étape 1 sur 3");
    expect(
      (screen.getByLabelText("Espèces et comptes bancaires") as HTMLInputElement).checked,
    ).toBe(false);
    // nothing kept on the visitor's device
    expect(localStorage.length).toBe(0);
  });

  it("shows the configuration's pay button when zakat is due, and counts each step once (issue 18)", async () => {
    const count = vi.fn();
    renderEmbed(
      {
        status: "ok",
        keyed: true,
        settings: settings("nl", "EUR"),
        callToAction: {
          urlTemplate: "https://give.example.org/zakat?amount={amount}&cur={currency}",
          organisation: "Moskee & Co",
          label: null,
        },
      },
      count,
    );
    await act(async () => {});
    const cash = () => screen.getByLabelText("Contant geld en bankrekeningen");
    fireEvent.click(cash());
    next();
    next();
    expect(screen.queryByTestId("embed-cta-link")).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Contant geld \(EUR\)/), {
      target: { value: "12 000,50" },
    });
    next();
    const link = screen.getByTestId("embed-cta-link");
    // 2.5 % of 12 000,50 = 300,0125 → 300.01, encoded into the organisation's link
    expect(link.getAttribute("href")).toBe("https://give.example.org/zakat?amount=300.01&cur=EUR");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener");
    expect(link.textContent).toContain("Betaal je zakat via Moskee & Co");
    expect(count.mock.calls.map(([event]) => event)).toEqual(["completed", "due"]);
    fireEvent.click(link);
    expect(count).toHaveBeenLastCalledWith("cta");

    // Back and again: the same calculation is not counted twice; Start over counts a new one
    fireEvent.click(screen.getByTestId("step-back"));
    next();
    expect(count).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByTestId("start-over"));
    fireEvent.click(cash());
    next();
    next();
    fireEvent.change(screen.getByLabelText(/^Contant geld \(EUR\)/), { target: { value: "10" } });
    next();
    // below the nisab: completed, no zakat due, no button
    expect(screen.queryByTestId("embed-cta-link")).toBeNull();
    expect(count.mock.calls.map(([event]) => event)).toEqual([
      "completed",
      "due",
      "cta",
      "completed",
    ]);
  });

  it("shows no button and counts nothing without a call to action and a counter", async () => {
    renderEmbed({ status: "ok", keyed: false, settings: settings("en") });
    await act(async () => {});
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    fireEvent.change(screen.getByLabelText(/^Cash in hand \(EUR\)/), {
      target: { value: "12000" },
    });
    next();
    expect(screen.getByTestId("zakat-due")).toBeTruthy();
    expect(screen.queryByTestId("embed-call-to-action")).toBeNull();
  });

  it("falls back to the shipped prices and says so when the prices cannot be fetched", async () => {
    servePrices(() => Response.error());
    renderEmbed({ status: "ok", keyed: false, settings: settings("en") });
    await act(async () => {});
    expect(screen.getByTestId("prices-fallback").textContent).toContain("31 October 2025");
    fireEvent.click(screen.getByLabelText("Cash and bank accounts"));
    next();
    next();
    fireEvent.change(screen.getByLabelText(/^Cash in hand/), { target: { value: "12000" } });
    next();
    // Hawl's shipped EUR prices: 111.50 gold, 1.35 silver → nisab 595 g × 1.35
    expect(screen.getByTestId("nisab-value").textContent).toBe("€803.25");
    expect(screen.getByTestId("zakat-due").textContent).toBe("€300.00");
    // the results say the prices are Hawl's shipped ones and offer to type today's (issue 11)
    expect(screen.getByTestId("prices-stale").dataset.warning).toBe("default");
    expect(screen.getByTestId("basis-gold-price").textContent).toBe("€111.50 per gram");
    fireEvent.click(screen.getByTestId("type-prices"));
    expect((screen.getByTestId("embed-settings") as HTMLDetailsElement).open).toBe(true);
    expect((screen.getByRole("radio", { name: /^Offline/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});

describe("EmbedApp: the restricted page (issue 30: for the site's visitors)", () => {
  it("says briefly that the calculator is not available, and offers Hawl's own", () => {
    renderEmbed({
      status: "restricted",
      reason: "domain_not_allowed",
      domain: "evil.example",
      settings: settings("en"),
    });
    expect(screen.queryByTestId("embed-calculator")).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "This calculator is not available here",
    );
    const page = screen.getByTestId("embed-restricted");
    expect(page.dataset.reason).toBe("domain_not_allowed");
    // no domain, no reason, no setup steps for the visitor
    expect(page.textContent).not.toContain("evil.example");
    expect(page.textContent).not.toMatch(/domain|sign in|allowed/i);
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.getByTestId("restricted-calculator-link").getAttribute("href")).toBe(
      "/calculator",
    );
    expect(
      screen.getByRole("link", { name: /See why in the embed manager/ }).getAttribute("href"),
    ).toBe("/embed-manager");
  });

  it.each([
    "direct_access",
    "no_referrer",
    "invalid_key",
    "no_domains",
    "validation_error",
  ] as const)("%s: the same short message", (reason) => {
    renderEmbed({ status: "restricted", reason, domain: "site.example", settings: settings("en") });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "This calculator is not available here",
    );
    expect(screen.getByTestId("embed-restricted").dataset.reason).toBe(reason);
  });

  it("speaks the embed's language", () => {
    renderEmbed({
      status: "restricted",
      reason: "invalid_key",
      domain: "site.example",
      settings: settings("nl"),
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Deze calculator is hier niet beschikbaar",
    );
    expect(screen.getByTestId("restricted-calculator-link").getAttribute("href")).toBe(
      "/nl/calculator",
    );
    expect(screen.getByRole("link", { name: /insluitbeheer/ }).getAttribute("href")).toBe(
      "/nl/embed-manager",
    );
  });
});
