// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { Benefits } from "~/features/landing/components/benefits";
import DonatePage from "./donate";

// Issue 30 (stale copy): paid plans and reminders exist, and the app installs on a phone.

afterEach(cleanup);

const words = {
  en: { prefix: "", waitlist: /waitlist/i, soon: /coming soon/i, install: /install/i },
  fr: { prefix: "/fr", waitlist: /liste d’attente/i, soon: /bientôt/i, install: /install/i },
  nl: { prefix: "/nl", waitlist: /wachtlijst/i, soon: /binnenkort/i, install: /beginscherm/i },
} as const;

describe.each(Object.entries(words))("stale copy (%s)", (_lang, w) => {
  it("donate offers the plans that exist instead of a waitlist for them", () => {
    renderAt(`${w.prefix}/donate`, { [`${w.prefix}/donate`]: <DonatePage /> });
    expect(document.body.textContent).not.toMatch(w.waitlist);
    const pricing = screen
      .getAllByRole("link")
      .filter((a) => a.getAttribute("href") === `${w.prefix}/pricing`);
    expect(pricing).toHaveLength(1);
  });

  it("the landing's phone benefit says it installs, not that it is coming", () => {
    renderAt(`${w.prefix}/`, { [`${w.prefix}/`]: <Benefits /> });
    expect(document.body.textContent).not.toMatch(w.soon);
    const phone = screen.getAllByRole("definition").filter((dd) => w.install.test(dd.textContent));
    expect(phone).toHaveLength(1);
  });
});
