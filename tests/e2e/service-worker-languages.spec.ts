import { expect, test } from "@playwright/test";
import { languages, localizedPath, type Language } from "../../src/web/app/route-table.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { baseURL } from "./support/ports.ts";

// Decision 072: each language's service worker has a scope of its own (/fr/, /nl/, …; English
// "/"), so going from one language to another installs nothing anew. With the five workers
// taking turns at "/", a navigation that met a turnover hung until the test timed out (the
// date-style spec in CI; 2 runs in 3 of this test before the change).

/** What decision 072 says a language's pages are controlled by, written out here. */
const own = (lang: Language) => ({
  scope: `${baseURL}/${lang === "en" ? "" : `${lang}/`}`,
  script: `${baseURL}/${lang === "en" ? "sw.js" : `sw-${lang}.js`}`,
});

test("each language keeps its worker; going back and forth never hangs a navigation", async ({
  page,
}) => {
  await createSignedInAccount(page.request, { name: "Language Walker" });
  for (let round = 0; round < 2; round++) {
    for (const lang of languages) {
      // a page's load takes a second or two: 15 s is a hang, not a slow machine
      await page.goto(localizedPath(lang, "profile"), { timeout: 15_000 });
      await expect(page.getByTestId("notification-locale")).toBeVisible();
      // the page registers its worker once loaded and idle; the page's own is the nearest scope
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration(location.href);
            return { scope: registration?.scope, script: registration?.active?.scriptURL };
          }),
        )
        .toEqual(own(lang));
    }
  }
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope).sort(),
  );
  expect(scopes).toEqual(languages.map((lang) => own(lang).scope).sort());
});
