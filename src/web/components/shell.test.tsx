// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor, languageFromPath } from "~/app/i18n";
import { pages } from "../../contracts/web-routes";
import { languages } from "~/app/route-table";
import PricingPage from "~/routes/pricing";
import { ComingSoon } from "./coming-soon";
import { FeedbackButton } from "./layout/feedback-button";
import { SiteFooter } from "./layout/site-footer";

function renderAt(at: string, node: React.ReactNode) {
  // pricing reads the signed-in account's plan through react-query
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18nFor(languageFromPath(at))}>
        <MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("FeedbackButton", () => {
  it("opens a dialog with a contact e-mail link, loaded on the first click", async () => {
    renderAt("/nl", <FeedbackButton />);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Feedback" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Deel je feedback" });
    const mail = within(dialog).getByRole("link", { name: /Mail naar/ });
    expect(mail.getAttribute("href")).toMatch(/^mailto:support@hawl\.app\?subject=/);
  });
});

describe("SiteFooter", () => {
  it("has navigation, help and legal links in the page's language, and a copyright line", () => {
    renderAt("/fr/donate", <SiteFooter />);
    expect(
      screen.getByRole("link", { name: "Politique de confidentialité" }).getAttribute("href"),
    ).toBe("/fr/privacy");
    expect(screen.getByRole("link", { name: "Questions fréquentes" }).getAttribute("href")).toBe(
      "/fr/pricing#faq",
    );
    expect(screen.getByRole("link", { name: "Contacter l’assistance" }).getAttribute("href")).toBe(
      "mailto:support@hawl.app",
    );
    expect(screen.getByText(/^© \d{4} Hawl\. Tous droits réservés\.$/)).toBeTruthy();
  });
});

describe("ComingSoon", () => {
  const waiting = pages.map((r) => r.path);

  it.each(languages)("names the page, says what it will do and links back (%s)", (lang) => {
    for (const path of waiting) {
      const prefix = lang === "en" ? "" : `/${lang}`;
      const name = pages.find((r) => r.path === path)!.name;
      const { unmount } = renderAt(`${prefix}/${path}`, <ComingSoon name={name} />);
      const heading = screen.getByRole("heading", { level: 1 });
      expect(heading.textContent, `${lang} ${name}`).not.toMatch(/^pages\./);
      expect(screen.getAllByRole("link").length).toBeGreaterThan(0);
      unmount();
    }
  });

  it("accepts the kebab-case names of the route stubs", () => {
    renderAt("/calculator-history", <ComingSoon name="calculator-history" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Calculator history");
    expect(screen.getByRole("link", { name: /Back to dashboard/ }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });
});

describe("PricingPage", () => {
  it("shows three plans with the spec's prices and limits, and switches to yearly", () => {
    renderAt("/pricing", <PricingPage />);
    const plans = screen.getAllByRole("article");
    expect(plans.map((p) => within(p).getByRole("heading").textContent)).toEqual([
      "Free",
      "Standard",
      "Pro",
    ]);
    const [free, standard, pro] = plans as [HTMLElement, HTMLElement, HTMLElement];
    expect(free.textContent).toContain("€0");
    expect(standard.textContent).toContain("€9");
    expect(standard.textContent).toContain("Most popular");
    expect(pro.textContent).toContain("€29");
    expect(within(free).getByRole("link", { name: "Get started" }).getAttribute("href")).toBe(
      "/signup",
    );
    expect(free.textContent).toContain("Not included: Team invitations");
    expect(free.textContent).toContain("2 embed domains");
    expect(standard.textContent).toContain("Up to 4 workspaces");
    expect(standard.textContent).toContain("8 embed domains");
    expect(pro.textContent).toContain("Unlimited team invitations");
    expect(pro.textContent).toContain("Included: Priority support");

    // the switch is two radio buttons; the chosen billing goes into the sign-up links
    const standardLink = () =>
      within(standard).getByRole("link", { name: "Choose Standard" }).getAttribute("href");
    expect(standardLink()).toBe("/signup?plan=standard&billing=monthly");
    act(() => {
      fireEvent.click(screen.getByRole("radio", { name: "Yearly" }));
    });
    expect(standard.textContent).toContain("€90");
    expect(pro.textContent).toContain("€290");
    expect((screen.getByRole("radio", { name: "Yearly" }) as HTMLInputElement).checked).toBe(true);
    expect(standardLink()).toBe("/signup?plan=standard&billing=yearly");
    expect(screen.getByRole("link", { name: "Get started for free" }).getAttribute("href")).toBe(
      "/signup",
    );
  });

  // the screen reader's "Included:" takes its colon from the catalogue: French spaces it (issue 30)
  it.each([
    ["/pricing", "Included: Priority support"],
    ["/fr/pricing", "Inclus\u202F: Assistance prioritaire"],
    ["/nl/pricing", "Inbegrepen: Voorrang bij support"],
  ])("on %s says %j for a feature the plan has", (at, line) => {
    renderAt(at, <PricingPage />);
    const pro = screen.getAllByRole("article")[2]!;
    expect(pro.textContent).toContain(line);
  });
});
