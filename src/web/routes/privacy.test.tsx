// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SUPPORT_EMAIL } from "~/app/site";
import { renderAt } from "~/features/auth/test/render";
import PrivacyPage from "./privacy";

// Issue 30: the privacy page names who is responsible, on which legal basis, how long each kind
// of data is kept, and links the support address.

afterEach(cleanup);

const words = {
  en: { prefix: "", controller: /data controller/, basis: /6\(1\)\(b\)/, sessions: /7 days/ },
  fr: {
    prefix: "/fr",
    controller: /responsable du traitement/,
    basis: /point b/,
    sessions: /7 jours/,
  },
  nl: {
    prefix: "/nl",
    controller: /verwerkingsverantwoordelijke/,
    basis: /onder b/,
    sessions: /7 dagen/,
  },
} as const;

describe.each(Object.entries(words))("privacy page (%s)", (_lang, w) => {
  it("names the controller, the legal basis and every retention period", () => {
    renderAt(`${w.prefix}/privacy`, { [`${w.prefix}/privacy`]: <PrivacyPage /> });
    expect(screen.getByTestId("legal-controller").textContent).toMatch(w.controller);
    const basis = within(screen.getByTestId("legal-legalBasis")).getAllByRole("listitem");
    expect(basis).toHaveLength(4);
    expect(basis[0]!.textContent).toMatch(w.basis);
    const kept = within(screen.getByTestId("legal-retention")).getAllByRole("listitem");
    // account, sessions, e-mails, failed sign-ins, request counts per address, logs, backups
    expect(kept).toHaveLength(7);
    expect(kept[1]!.textContent).toMatch(w.sessions);
    expect(kept[5]!.textContent).toMatch(/30/);
    expect(kept[6]!.textContent).toMatch(/\b7\b/);
  });

  it("links the support address", () => {
    renderAt(`${w.prefix}/privacy`, { [`${w.prefix}/privacy`]: <PrivacyPage /> });
    const link = screen.getByRole("link", { name: SUPPORT_EMAIL });
    expect(link.getAttribute("href")).toBe(`mailto:${SUPPORT_EMAIL}`);
  });
});
