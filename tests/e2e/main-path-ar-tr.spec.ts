import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { calculationListSchema } from "../../src/contracts/calculations.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { hijriEra, hijriMonthNames } from "../../src/domain/dates/hijri-months.ts";
import { localizedPath } from "../../src/web/app/route-table.ts";
import {
  clientAddress,
  createSignedInAccount,
  strongPassword,
  uniqueEmail,
} from "./support/accounts.ts";
import { dueText, expected, fillCase, spaces } from "./support/calculator-case.ts";
import { exactly, t } from "./support/i18n.ts";
import { verificationLink, waitForMail, type ReceivedMail } from "./support/mail.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 34's proof for the signed-in main path, in Arabic (right to left) and Turkish, on a
// 360 px phone: the calculator (API.md's case, amounts typed as each language types them) →
// the save dialog → the nisab tracker (a threshold picked with the keyboard in the date
// picker) → the dashboard (the calculation's zakat recorded as due) → the calendar (its grid's
// arrow keys follow the reading direction) → an invitation to the workspace, which the invitee
// opens, signs up from and accepts. On every page reached: <html lang dir>, no sideways
// scrolling, and axe finds nothing serious or critical (as pages-a11y-layout.spec.ts). Words
// come from the catalogues; dates and amounts are built here from Intl and the product's Hijri
// name table, not from the app's formatting code.

const phone = { width: 360, height: 740 };
const origin = { origin: baseURL };
const timeZone = "Europe/Amsterdam"; // playwright.config.ts `timezoneId`
const msPerDay = 86_400_000;
/** Intl's tags for the names, Western digits in Arabic (decision 070) */
const tags = { ar: "ar-u-nu-latn", tr: "tr-TR" } as const;
type Lang = keyof typeof tags;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) =>
  new Date(utc(day).getTime() + n * msPerDay).toISOString().slice(0, 10);
const todayHere = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date())
    .slice(0, 10);
const name = (lang: Lang, day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(tags[lang], { timeZone: "UTC", ...options }).format(utc(day));
/** "28 نوفمبر 2026", "28 Kasım 2026" (decision 055) */
const gregorian = (lang: Lang, day: string) =>
  `${Number(day.slice(8, 10))} ${name(lang, day, { month: "long" })} ${day.slice(0, 4)}`;
/** "السبت، 28 نوفمبر 2026", "28 Kasım 2026 Cumartesi" (decision 070) */
const fullDate = (lang: Lang, day: string) =>
  lang === "ar"
    ? `${name(lang, day, { weekday: "long" })}، ${gregorian(lang, day)}`
    : `${gregorian(lang, day)} ${name(lang, day, { weekday: "long" })}`;
const monthTitle = (lang: Lang, day: string) =>
  `${name(lang, day, { month: "long" })} ${day.slice(0, 4)}`;

const hijriNumeric = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  timeZone: "UTC",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});
function hijriParts(day: string) {
  const parts = Object.fromEntries(
    hijriNumeric.formatToParts(utc(day)).map((p) => [p.type, p.value]),
  );
  return { year: Number.parseInt(parts.year!), month: Number(parts.month), day: Number(parts.day) };
}
const hijri = (lang: Lang, h: { year: number; month: number; day: number }) =>
  `${h.day} ${hijriMonthNames[lang][h.month - 1]} ${h.year} ${hijriEra[lang]}`;
/** The same Hijri day one year later, found by asking Intl about the days around 354 later. */
function oneHijriYearLater(day: string): string {
  const h = hijriParts(day);
  for (let n = 350; n <= 360; n++) {
    const candidate = addDays(day, n);
    const c = hijriParts(candidate);
    if (c.year === h.year + 1 && c.month === h.month && c.day === h.day) return candidate;
  }
  throw new Error(`no Hijri year after ${day}`);
}
/** the app's text with its {{placeholder}} filled in */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Finding {
  at: string;
  what: string;
}

/**
 * The page as reached: its language and direction, no sideways scrolling (either way: a
 * right-to-left page overflows to the left), and axe's serious and critical findings.
 */
async function checkPage(page: Page, lang: Lang, findings: Finding[]) {
  const at = new URL(page.url()).pathname;
  await expect(page.locator("html"), at).toHaveAttribute("lang", lang);
  await expect(page.locator("html"), at).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  await page.evaluate(() => document.fonts.ready);
  const wide = await page.evaluate(() => {
    const root = document.documentElement;
    const past = [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && (box.right > root.clientWidth + 1 || box.left < -1);
      })
      .slice(-3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}">`);
    return { scroll: root.scrollWidth, client: root.clientWidth, past };
  });
  if (wide.scroll > wide.client)
    findings.push({
      at,
      what: `scrolls sideways: ${wide.scroll}px in ${wide.client}px; ${wide.past.join(" ")}`,
    });
  const axe = await new AxeBuilder({ page }).analyze();
  for (const v of axe.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    const nodes = v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`);
    findings.push({ at, what: `axe ${v.impact} ${v.id} (${v.help}): ${nodes.join(" | ")}` });
  }
}

const describe = (findings: Finding[]) =>
  findings.map((f) => `  ${f.at}: ${f.what}`).join("\n") || "  (none)";

test.use({ viewport: phone, isMobile: true, hasTouch: true });

for (const lang of ["ar", "tr"] as const) {
  test(`${lang}: calculator → save → tracker → dashboard → calendar → workspace invitation, at 360 px`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const c = (key: string) => t(lang, `calculator:${key}`);
    const tr = (key: string) => t(lang, `tracker:${key}`);
    const w = (key: string) => t(lang, `workspaces:${key}`);
    const path = (to: string) => localizedPath(lang, to);
    const findings: Finding[] = [];
    const health = watchPageHealth(page);
    const owner = lang === "ar" ? "أمينة" : "Ayşe";
    const workspace = lang === "ar" ? "زكاة العائلة" : "Aile zekâtı";
    await createSignedInAccount(page.request, { name: owner });
    const ws = workspaceListSchema.parse(
      await (await page.request.get("/api/workspaces")).json(),
    )[0]!.id;
    const today = todayHere();

    await test.step("the calculator: API.md's case, its zakat due as the language writes it", async () => {
      await page.goto(path("calculator"));
      await page.waitForLoadState("networkidle");
      await fillCase(page, lang, false, phone.width);
      await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
      expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText[lang]);
      await expect(page.getByTestId("nisab-status")).toHaveText(c("results.aboveNisab"));
      await expect(page.getByTestId("result-line")).toHaveCount(expected.lines.length);
      // the update-dashboard prompt under the results: not now, the save dialog is the way here
      const prompt = page.getByTestId("update-dashboard-prompt");
      await prompt.getByRole("button", { name: exactly(c("save.later")) }).click();
      await expect(prompt).toBeHidden();
      await checkPage(page, lang, findings);
    });

    const calculationName = `${c("save.defaultNamePrefix")} ${gregorian(lang, today)}`;
    await test.step("the save dialog: the default name dated in the language, saved as completed", async () => {
      await page.getByTestId("save-calculation").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel(c("save.nameLabel"))).toHaveValue(calculationName);
      await expect(dialog.getByTestId("save-completion")).toHaveText(c("save.asCompleted"));
      await checkPage(page, lang, findings);
      await dialog.getByTestId("save-submit").click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("save-status")).toHaveText(c("save.status.saved"));
      const list = calculationListSchema.parse(
        await (await page.request.get(`/api/workspaces/${ws}/calculations?latest=5`)).json(),
      );
      expect(list.calculations).toHaveLength(1);
      expect(list.calculations[0]).toMatchObject({
        name: calculationName,
        isCompleted: true,
        zakatDue: expected.zakatDue,
      });
    });

    // yesterday (earlier while its Hijri day is the 30th, so that one Hijri year later is the
    // same day of the same month)
    let start = addDays(today, -1);
    while (hijriParts(start).day === 30) start = addDays(start, -1);
    const end = oneHijriYearLater(start);
    const startHijri = hijri(lang, hijriParts(start));
    const endHijri = hijri(lang, { ...hijriParts(start), year: hijriParts(start).year + 1 });

    await test.step("the tracker: the threshold picked with the keyboard, the year running", async () => {
      await page.goto(path("nisab"));
      const card = page.getByTestId("threshold-card");
      await expect(card).toBeVisible();
      // the picker opens on today; the arrow that points back in reading order goes a day back:
      // the right one in Arabic, the left one in Turkish
      await card.getByTestId("date-picker-trigger").click();
      await expect(page.getByRole("grid")).toBeVisible();
      await expect(page.locator(`[data-day="${today}"]`)).toBeFocused();
      await checkPage(page, lang, findings);
      const back = lang === "ar" ? "ArrowRight" : "ArrowLeft";
      const days = Math.round((utc(today).getTime() - utc(start).getTime()) / msPerDay);
      for (let i = 0; i < days; i++) await page.keyboard.press(back);
      await expect(page.locator(`[data-day="${start}"]`)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("grid")).toBeHidden();
      await expect(card.getByTestId("date-picker-value")).toHaveText(gregorian(lang, start));

      await card.getByRole("button", { name: tr("threshold.add") }).click();
      const setup = page.getByRole("dialog", { name: tr("reviewSetup.title") });
      await expect(setup.getByRole("checkbox", { name: tr("reviews.quarterly") })).toBeChecked();
      await checkPage(page, lang, findings);
      await setup.getByRole("button", { name: tr("reviewSetup.submit") }).click();
      const congrats = page.getByRole("dialog", { name: tr("congratulations.title") });
      const due = congrats.getByTestId("congratulations-due");
      await expect(due).toContainText(gregorian(lang, end));
      await expect(due).toContainText(endHijri);
      await checkPage(page, lang, findings);
      await congrats.getByRole("button", { name: tr("congratulations.close") }).click();
      await expect(congrats).toBeHidden();

      const status = page.getByTestId("zakat-year-status");
      await expect(status.getByTestId("zakat-year-title")).toHaveText(tr("status.running"));
      await expect(status.getByTestId("year-start")).toHaveText(gregorian(lang, start));
      await expect(status.getByTestId("year-start-hijri")).toHaveText(startHijri);
      await expect(status.getByTestId("year-end")).toHaveText(gregorian(lang, end));
      await expect(status.getByTestId("year-end-hijri")).toHaveText(endHijri);
      await expect(page.getByTestId("milestone-title").first()).toHaveText(
        tr("titles.nisab-reached"),
      );
      await checkPage(page, lang, findings);
    });

    await test.step("the dashboard: the saved calculation, its zakat recorded as due in one click", async () => {
      await page.goto(path("dashboard"));
      const recent = page.getByTestId("recent-calculations-card");
      const item = recent.getByTestId("calculation-item");
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId("calculation-name")).toHaveText(calculationName);
      expect(spaces(await item.getByTestId("calculation-zakat").innerText())).toBe(dueText[lang]);
      const card = page.getByTestId("nisab-card");
      await expect(card.getByTestId("nisab-card-date")).toHaveText(
        `${gregorian(lang, start)} · ${startHijri}`,
      );
      await expect(card.getByTestId("nisab-card-next-due")).toHaveText(
        `${gregorian(lang, end)} · ${endHijri}`,
      );
      const offer = card.getByTestId("record-calculation-offer");
      await expect(offer).toContainText(calculationName);
      await checkPage(page, lang, findings);
      const record = offer.getByRole("button");
      expect(spaces(await record.innerText())).toBe(
        spaces(fill(t(lang, "dashboard:recordAction"), { amount: dueText[lang] })),
      );
      await record.click();
      await expect(offer).toHaveCount(0);
      await expect
        .poll(async () => spaces(await card.getByTestId("nisab-card-due").innerText()))
        .toBe(dueText[lang]);
    });

    await test.step("the calendar: the threshold's month and day, its arrow keys in reading order", async () => {
      await page.goto(`${path("calendar")}?view=month&date=${start}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "calendar:title"));
      await expect(page.getByTestId("calendar-period")).toHaveText(monthTitle(lang, start));
      await expect(page.getByTestId("calendar-zakat-year")).toContainText(fullDate(lang, start));
      const day = page.getByTestId("period-list-day").filter({ hasText: fullDate(lang, start) });
      await expect(day).toContainText(startHijri);
      await checkPage(page, lang, findings);
      await day.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading")).toHaveText(fullDate(lang, start));
      await expect(dialog.getByTestId("milestone-title")).toContainText([
        tr("titles.nisab-reached"),
      ]);
      await checkPage(page, lang, findings);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);

      // the grid reads in the page's direction, and its arrows with it (ARIA grid pattern): the
      // left arrow goes to the day shown on the left, the next day in Arabic, the day before in
      // Turkish
      const grid = page.getByTestId("calendar-grid");
      expect(await grid.evaluate((el) => getComputedStyle(el).direction)).toBe(
        lang === "ar" ? "rtl" : "ltr",
      );
      const cell = (d: string) => grid.locator(`[data-day="${d}"]`);
      await cell(start).focus();
      await page.keyboard.press("ArrowLeft");
      const left = lang === "ar" ? addDays(start, 1) : addDays(start, -1);
      await expect(page.locator(`[data-day="${left}"]`)).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(cell(start)).toBeFocused();
    });

    const inviteeEmail = uniqueEmail("invitee");
    let link = "";
    await test.step("the workspace settings: the owner invites a second person", async () => {
      const renamed = await page.request.patch(`/api/workspaces/${ws}`, {
        headers: origin,
        data: { name: workspace },
      });
      expect(renamed.status()).toBe(200);
      await page.goto(path("workspace-settings"));
      const main = page.getByRole("main");
      await expect(
        main.getByRole("heading", { level: 1, name: w("settings.title") }),
      ).toBeVisible();
      await expect(main.getByTestId("workspace-settings-name")).toHaveText(workspace);
      await main.getByLabel(w("settings.emailLabel")).fill(inviteeEmail);
      await main.getByRole("button", { name: exactly(w("settings.send")) }).click();
      await expect(main.getByTestId("invite-outcome")).toHaveText(
        fill(w("settings.invitedTo"), { email: inviteeEmail }),
      );
      const pending = main.getByRole("region", { name: w("settings.pendingTitle") });
      await expect(pending.getByTestId("invitation-email")).toHaveText([inviteeEmail]);
      await checkPage(page, lang, findings);

      // the e-mail in the inviter's language, its link to the page in that language
      const isInvitation = (m: ReceivedMail) =>
        m.links.some((l) => l.includes("/accept-invitation?token="));
      const mail = await waitForMail(inviteeEmail, { matching: isInvitation });
      const [before, after] = t(lang, "email:invitation.subject").split("{{inviter}}") as [
        string,
        string,
      ];
      expect(mail.subject).toMatch(
        new RegExp(`^${escape(before)}.+${escape(fill(after, { workspace }))}$`),
      );
      link = mail.links.find((l) => l.includes("/accept-invitation?token="))!;
      expect(new URL(link).pathname).toBe(path("accept-invitation"));
    });

    // the invitee: a phone of their own, from an address of their own (per-address limits)
    const context = await browser.newContext({
      baseURL,
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      locale: lang === "ar" ? "ar" : "tr-TR",
      timezoneId: timeZone,
      extraHTTPHeaders: { "x-forwarded-for": clientAddress() },
    });
    const invitee = await context.newPage();
    const inviteeHealth = watchPageHealth(invitee);
    try {
      await test.step("the invitee opens the link signed out: the workspace named, both ways in", async () => {
        await invitee.goto(link);
        await expect(
          invitee.getByRole("heading", { level: 1, name: w("accept.invitedTitle") }),
        ).toBeVisible();
        await expect(invitee.getByTestId("accept-invitation-preview")).toContainText(workspace);
        await expect(invitee.getByRole("link", { name: w("accept.signIn") })).toBeVisible();
        await checkPage(invitee, lang, findings);
      });

      await test.step("they sign up from it in the language, and verify the address", async () => {
        const main = invitee.getByRole("main");
        await main.getByRole("link", { name: w("accept.signUp") }).click();
        await expect(invitee).toHaveURL(new RegExp(`${escape(path("signup"))}$`));
        await main.getByLabel(t(lang, "auth:email")).fill(inviteeEmail);
        await main.getByLabel(t(lang, "auth:password"), { exact: true }).fill(strongPassword());
        await checkPage(invitee, lang, findings);
        await main.getByRole("button", { name: exactly(t(lang, "auth:signupButton")) }).click();
        await expect(invitee).toHaveURL(/\/verify-email\?sent=1$/);
        await expect(
          invitee.getByRole("heading", { level: 1, name: t(lang, "auth:verifySentTitle") }),
        ).toBeVisible();
        const mail = await waitForMail(inviteeEmail, {
          matching: (m) => m.links.some((l) => /verify-email/.test(l)),
        });
        await invitee.goto(verificationLink(mail));
      });

      await test.step("back at the link they join, then the dashboard shows the owner's calculation", async () => {
        await expect(
          invitee.getByRole("heading", { level: 1, name: w("accept.welcome") }),
        ).toBeVisible({ timeout: 15_000 });
        await expect(
          invitee.getByText(fill(w("accept.joined"), { name: workspace })),
        ).toBeVisible();
        await checkPage(invitee, lang, findings);
        await expect(invitee).toHaveURL(new RegExp(`${escape(path("dashboard"))}$`), {
          timeout: 10_000,
        });
        const item = invitee
          .getByTestId("recent-calculations-card")
          .getByTestId("calculation-item");
        await expect(item.getByTestId("calculation-name")).toHaveText(calculationName);
        expect(spaces(await item.getByTestId("calculation-zakat").innerText())).toBe(dueText[lang]);
        await invitee.waitForLoadState("networkidle");
        await checkPage(invitee, lang, findings);
      });
      expect
        .soft(inviteeHealth.problems, `invitee page problems:\n${inviteeHealth.describe()}`)
        .toEqual([]);
    } finally {
      await context.close();
    }

    expect.soft(health.problems, `owner page problems:\n${health.describe()}`).toEqual([]);
    expect(
      findings,
      `layout and accessibility problems in ${lang}:\n${describe(findings)}`,
    ).toEqual([]);
  });
}
