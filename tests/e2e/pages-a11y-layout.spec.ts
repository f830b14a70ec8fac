import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { pages } from "../../src/contracts/web-routes.ts";
import { languages, localizedPath, type Language } from "../../src/web/app/route-table.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { baseURL } from "./support/ports.ts";
import { bodyBackground, shownTheme } from "./support/theme.ts";

// Every page (contracts/web-routes.ts), in every language, on a 360 px wide phone, in the light
// and in the dark theme (the system's setting, emulated; decision 059): the page never
// scrolls sideways (document wider than the viewport), axe (WCAG 2.x A/AA and best practices)
// finds nothing serious or critical, and the floating Feedback button stays off the content
// (on small screens it lives in the footer). Public pages are walked signed out; private pages
// signed in with an account that has data on every one of them: a saved calculation, a
// threshold with its reviews and a payment, an embed configuration.

const phone = { width: 360, height: 740 };
const origin = { origin: baseURL };
const timeZone = "Europe/Amsterdam"; // playwright.config.ts `timezoneId`
const msPerDay = 86_400_000;

const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date())
    .slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * msPerDay).toISOString().slice(0, 10);

type StorageState = Awaited<
  ReturnType<Awaited<ReturnType<typeof request.newContext>>["storageState"]>
>;

async function post(api: APIRequestContext, url: string, data: object) {
  const response = await api.post(url, { headers: origin, data });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(201);
}

/** One account for every language (sign-up is rate-limited), with something on each page. */
let signedIn: Promise<StorageState> | null = null;
function signedInState(): Promise<StorageState> {
  signedIn ??= (async () => {
    const api = await request.newContext({ baseURL });
    await createSignedInAccount(api, { name: "Layout Reviewer" });
    const list = workspaceListSchema.parse(await (await api.get("/api/workspaces")).json());
    const ws = list[0]!.id;
    await post(api, `/api/workspaces/${ws}/calculations`, {
      name: "Zakat 2026",
      isCompleted: true,
      currency: "EUR",
      prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
      assetSelection: { cash: true },
      liabilitySelection: {},
      cashAmounts: { cashInHand: "12500", bankAccounts: [] },
    });
    const now = today();
    // a year running since 200 days ago: reviews behind and ahead, the due date to come
    await post(api, `/api/workspaces/${ws}/milestones`, {
      date: addDays(now, -200),
      title: "Nisab reached",
      titleCode: "nisab-reached",
      type: "threshold",
      reminders: { quarterly: true, monthly: false },
      today: now,
    });
    await post(api, `/api/workspaces/${ws}/milestones`, {
      date: addDays(now, -3),
      title: "Paid the local food bank",
      type: "payment",
      today: now,
    });
    await post(api, "/api/embed-configs", {
      name: "Mosque website",
      allowedDomains: ["mosque.example"],
      config: { language: "fr", currency: "USD", primaryColor: "#006699" },
    });
    const state = await api.storageState();
    await api.dispose();
    return state;
  })();
  return signedIn;
}

interface Finding {
  path: string;
  what: string;
}

/** Waits for the page's data and fonts, then measures it; returns what is wrong. */
async function checkPage(
  page: Page,
  path: string,
  lang: Language,
  scheme: Scheme,
): Promise<Finding[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await page.evaluate(() => document.fonts.ready);
  const findings: Finding[] = [];

  // the page is shown in the theme asked for
  const shown = await shownTheme(page);
  if (shown !== scheme)
    findings.push({ path, what: `shown ${shown} (background ${await bodyBackground(page)})` });

  const width = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const describe = (el: Element, right: number) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" ? `.${el.className.split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls.slice(0, 120)}> right=${Math.round(right)} "${text}"`;
    };
    // the innermost culprits: elements past the right edge (or the left one, on right-to-left
    // pages) none of whose children are, and text that runs past the edge of its element
    const culprits: string[] = [];
    const past = (box: DOMRect) => box.right > client + 1 || box.left < -1;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      const right = box.right;
      if (box.width <= 1) continue; // visually hidden (sr-only): clipped, takes no room
      if (!past(box)) {
        for (const node of el.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const text = range.getBoundingClientRect();
          if (past(text)) culprits.push(`text in ${describe(el, text.right)}`);
        }
        continue;
      }
      const childPast = [...el.children].some((c) => past(c.getBoundingClientRect()));
      if (!childPast) culprits.push(describe(el, right));
    }
    return { scroll: document.documentElement.scrollWidth, client, wide: culprits.slice(0, 4) };
  });
  if (width.scroll > width.client)
    findings.push({
      path,
      what: `scrolls sideways: ${width.scroll}px wide in a ${width.client}px viewport; ${width.wide.join("; ")}`,
    });

  const axe = await new AxeBuilder({ page }).analyze();
  for (const violation of axe.violations) {
    if (violation.impact !== "serious" && violation.impact !== "critical") continue;
    const nodes = violation.nodes
      .slice(0, 4)
      .map((n) => `      ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
      .join("\n");
    findings.push({
      path,
      what: `axe ${violation.impact} ${violation.id} (${violation.help}), ${violation.nodes.length} node(s):\n${nodes}`,
    });
  }

  // the floating Feedback button never sits over a phone's content; the footer carries it
  const floating = page.getByRole("button", { name: exactly(t(lang, "common:feedback.button")) });
  if (await floating.isVisible())
    findings.push({ path, what: "the floating Feedback button shows on a 360 px screen" });
  const footerLink = page
    .getByRole("contentinfo")
    .getByRole("link", { name: exactly(t(lang, "common:footer.feedback")) });
  if ((await footerLink.count()) !== 1)
    findings.push({ path, what: "the footer has no Feedback link" });
  return findings;
}

const describe = (findings: Finding[]) =>
  findings.map((f) => `  ${f.path}: ${f.what}`).join("\n") || "  (none)";

test.use({ viewport: phone, isMobile: true, hasTouch: true });

type Scheme = "light" | "dark";

const runs = (["light", "dark"] as const).flatMap((scheme) =>
  languages.map((lang) => ({ scheme, lang })),
);

for (const { scheme, lang } of runs) {
  test(`every page in ${lang}, ${scheme}, at 360 px: no sideways scroll, no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];
    const options = {
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      baseURL,
      colorScheme: scheme,
    };

    const guest = await browser.newContext(options);
    const guestPage = await guest.newPage();
    for (const route of pages.filter((r) => r.access !== "protected"))
      findings.push(...(await checkPage(guestPage, localizedPath(lang, route.path), lang, scheme)));
    await guest.close();

    const member = await browser.newContext({ ...options, storageState: await signedInState() });
    const memberPage = await member.newPage();
    for (const route of pages.filter((r) => r.access === "protected")) {
      const path = localizedPath(lang, route.path);
      findings.push(...(await checkPage(memberPage, path, lang, scheme)));
      // still on the page asked for: signed in, not sent to /signin
      expect(new URL(memberPage.url()).pathname, `${path} stays put when signed in`).toBe(path);
    }
    await member.close();

    expect(
      findings.length,
      `layout and accessibility problems in ${lang}, ${scheme}:\n${describe(findings)}`,
    ).toBe(0);
  });
}
