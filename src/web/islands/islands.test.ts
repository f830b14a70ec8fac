// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_IN_HINT_KEY } from "~/lib/signed-in-hint";
import { applyAccountPlan, showAccount } from "./account-plan";
import {
  closeMenuOnLink,
  dialogCommandsWithoutSupport,
  followThemeSwitch,
  keepAddressInLanguageLinks,
  markHeaderScrolled,
  pageLanguage,
  preferredLanguage,
  rememberChosenLanguage,
  suggestLanguage,
} from "./islands";

// The static pages' script (decision 025) on prerendered-like HTML, in jsdom.

afterEach(() => {
  document.body.innerHTML = "";
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("language links", () => {
  it("keep the address's query and fragment, also when the fragment changes", () => {
    window.history.replaceState(null, "", "/pricing?x=1#faq");
    document.body.innerHTML = `
      <a hreflang="fr" href="/fr/pricing">FR</a>
      <a hreflang="nl" href="/nl/pricing?old=1#old">NL</a>
      <a hreflang="en" href="https://elsewhere.example/">out</a>`;
    keepAddressInLanguageLinks(document, window);
    const hrefs = () => [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs()).toEqual([
      "/fr/pricing?x=1#faq",
      "/nl/pricing?x=1#faq",
      "https://elsewhere.example/",
    ]);
    window.location.hash = "#top";
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    expect(hrefs()[0]).toBe("/fr/pricing?x=1#top");
  });

  it("store the choice under localStorage 'language'; other links store nothing", () => {
    document.body.innerHTML = `<a hreflang="nl" href="#"><span>NL</span></a><a href="#">x</a><a hreflang="de" href="#">de</a>`;
    rememberChosenLanguage(document);
    document.querySelectorAll("a")[1]!.click();
    document.querySelectorAll("a")[2]!.click();
    expect(localStorage.getItem("language")).toBeNull();
    document.querySelector("span")!.click();
    expect(localStorage.getItem("language")).toBe("nl");
  });

  it("the page's language comes from <html lang>, English when unknown", () => {
    document.documentElement.lang = "fr";
    expect(pageLanguage(document)).toBe("fr");
    document.documentElement.lang = "de";
    expect(pageLanguage(document)).toBe("en");
  });
});

it("a link inside a popover menu closes it", () => {
  document.body.innerHTML = `<div popover="auto"><a href="#faq">FAQ</a></div><a href="#x">out</a>`;
  const menu = document.querySelector<HTMLElement>("[popover]")!;
  let hidden = 0;
  menu.hidePopover = () => void hidden++;
  closeMenuOnLink(document);
  document.querySelector<HTMLElement>('a[href="#x"]')!.click();
  expect(hidden).toBe(0);
  document.querySelector<HTMLElement>('a[href="#faq"]')!.click();
  expect(hidden).toBe(1);
});

describe("the modal menu sheet where the browser lacks invoker commands and closedby", () => {
  // jsdom has neither (Chromium has both: tests/e2e/static-pages.spec.ts covers it there), nor
  // a modal dialog: showModal and close only set `open` here, what this code relies on
  const proto = HTMLDialogElement.prototype;
  beforeAll(() => {
    proto.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    proto.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  const sheet = () => {
    document.body.innerHTML = `
      <button command="show-modal" commandfor="sheet">Menu</button>
      <dialog id="sheet" closedby="any">
        <button command="close" commandfor="sheet">Close</button>
        <a href="#faq">FAQ</a>
      </dialog>`;
    const dialog = document.querySelector("dialog")!;
    // jsdom lays nothing out: give the sheet a box on the right of a 360 px wide screen
    dialog.getBoundingClientRect = () => new DOMRect(40, 0, 320, 740);
    return dialog;
  };
  const click = (target: Element, clientX = 100) =>
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX, clientY: 10 }));

  it("the buttons open and close it; a link inside closes it", () => {
    expect("command" in HTMLButtonElement.prototype).toBe(false);
    const dialog = sheet();
    dialogCommandsWithoutSupport(document);
    closeMenuOnLink(document);
    click(document.querySelector("body > button")!);
    expect(dialog.open).toBe(true);
    click(dialog.querySelector("button")!);
    expect(dialog.open).toBe(false);
    click(document.querySelector("body > button")!);
    click(dialog.querySelector("a")!);
    expect(dialog.open).toBe(false);
  });

  it("a click on the backdrop closes it, a click inside its box does not", () => {
    const dialog = sheet();
    dialogCommandsWithoutSupport(document);
    click(document.querySelector("body > button")!);
    click(dialog, 100);
    expect(dialog.open).toBe(true);
    click(dialog, 20);
    expect(dialog.open).toBe(false);
  });
});

it("the header is marked scrolled past 10 px", () => {
  document.body.innerHTML = `<header data-scrolled="false"></header>`;
  markHeaderScrolled(document, window);
  const header = document.querySelector("header")!;
  expect(header.dataset.scrolled).toBe("false");
  Object.defineProperty(window, "scrollY", { value: 11, configurable: true });
  window.dispatchEvent(new Event("scroll"));
  expect(header.dataset.scrolled).toBe("true");
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

describe("the session and pricing for a signed-in visitor", () => {
  afterEach(() => {
    delete document.documentElement.dataset.session;
  });
  // what plan-card.tsx prerenders for each plan (one billing)
  const pricing = () => {
    document.body.innerHTML = ["free", "standard", "pro"]
      .map(
        (plan) => `
        <p data-current-plan="${plan}" hidden>Current plan</p>
        <a data-plan-cta="${plan}" href="/signup?plan=${plan}"
           data-signed-in-href="${plan === "free" ? "/dashboard" : `/checkout?plan=${plan}`}"
           ${plan === "free" ? "" : `data-contact-href="mailto:support?subject=${plan}"`}>Choose</a>
        ${plan === "free" ? "" : `<p data-contact-note="${plan}" hidden>Write to us</p>`}`,
      )
      .join("");
  };
  const state = () => ({
    current: [...document.querySelectorAll<HTMLElement>("[data-current-plan]")]
      .filter((e) => !e.hidden)
      .map((e) => e.dataset.currentPlan),
    hrefs: [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")),
    notes: [...document.querySelectorAll<HTMLElement>("[data-contact-note]")]
      .filter((e) => !e.hidden)
      .map((e) => e.dataset.contactNote),
  });

  it("online payment: the plan is marked, paid plans go to checkout, free to the dashboard", () => {
    pricing();
    applyAccountPlan(document, "standard", true);
    expect(state()).toEqual({
      current: ["standard"],
      hrefs: ["/dashboard", "/checkout?plan=standard", "/checkout?plan=pro"],
      notes: [],
    });
  });

  it("no online payment: the other paid plans write to support and say why", () => {
    pricing();
    applyAccountPlan(document, "standard", false);
    expect(state()).toEqual({
      current: ["standard"],
      hrefs: ["/dashboard", "/checkout?plan=standard", "mailto:support?subject=pro"],
      notes: ["pro"],
    });
  });

  it("the account's own plan's button says it is the current plan and leads nowhere", () => {
    pricing();
    for (const link of document.querySelectorAll("a")) link.dataset.currentLabel = "Current plan";
    applyAccountPlan(document, "free", false);
    const free = document.querySelector<HTMLAnchorElement>('a[data-plan-cta="free"]')!;
    expect(free.textContent).toBe("Current plan");
    expect(free.hasAttribute("href")).toBe(false);
    expect(free.getAttribute("aria-disabled")).toBe("true");
    expect(state().hrefs.slice(1)).toEqual([
      "mailto:support?subject=standard",
      "mailto:support?subject=pro",
    ]);
  });

  it("signed out (no user in the session): the page stays as prerendered", async () => {
    pricing();
    const asked: string[] = [];
    await showAccount(
      document,
      async (url) => {
        asked.push(url);
        return null;
      },
      true,
    );
    expect(asked).toEqual(["/api/auth/get-session"]);
    expect(document.documentElement.dataset.session).toBeUndefined();
    expect(state().hrefs).toEqual([
      "/signup?plan=free",
      "/signup?plan=standard",
      "/signup?plan=pro",
    ]);
  });

  it("signed in: shows the signed-in header and reads the account's plan", async () => {
    pricing();
    await showAccount(
      document,
      async (url) =>
        url === "/api/auth/get-session"
          ? { user: { id: "u" } }
          : { plan: "pro", onlinePayment: false },
      true,
    );
    expect(document.documentElement.dataset.session).toBe("signed-in");
    expect(state().current).toEqual(["pro"]);
    expect(state().notes).toEqual(["standard"]);
  });

  it("a page without plan buttons asks for the session only, and shows it in the header", async () => {
    document.body.innerHTML = "";
    const asked: string[] = [];
    await showAccount(
      document,
      async (url) => {
        asked.push(url);
        return { user: { id: "u" } };
      },
      true,
    );
    expect(asked).toEqual(["/api/auth/get-session"]);
    expect(document.documentElement.dataset.session).toBe("signed-in");
  });

  it("a browser never signed in to the app asks nothing (no hint in its storage)", async () => {
    pricing();
    window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
    const asked: string[] = [];
    await showAccount(document, async (url) => {
      asked.push(url);
      return { user: { id: "u" } };
    });
    expect(asked).toEqual([]);
    expect(document.documentElement.dataset.session).toBeUndefined();
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, "1");
    await showAccount(document, async (url) => {
      asked.push(url);
      return null;
    });
    expect(asked).toEqual(["/api/auth/get-session"]);
    window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
  });
});

describe("the theme switch", () => {
  it("checks the stored choice, and a change is stored and shown", () => {
    window.localStorage.setItem("theme", "dark");
    document.body.innerHTML = ["system", "light", "dark"]
      .map(
        (v) =>
          `<label><input type="radio" name="theme" value="${v}" ${v === "system" ? "checked" : ""}>${v}</label>`,
      )
      .join("");
    followThemeSwitch(document);
    const radio = (v: string) => document.querySelector<HTMLInputElement>(`input[value="${v}"]`)!;
    expect(radio("dark").checked).toBe(true);
    expect(radio("system").checked).toBe(false);

    radio("light").click();
    expect(window.localStorage.getItem("theme")).toBe("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    radio("system").click();
    expect(window.localStorage.getItem("theme")).toBeNull();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
  });
});

describe("language suggestion (Accept-Language on a first visit)", () => {
  const html = `
    <aside data-language-suggestion hidden>
      <div data-suggest="ar" lang="ar" dir="rtl" hidden><a hreflang="ar" href="/ar">ar</a><button data-dismiss>x</button></div>
      <div data-suggest="tr" lang="tr" hidden><a hreflang="tr" href="/tr">tr</a><button data-dismiss>x</button></div>
    </aside>`;
  const browser = (languages: string[]) =>
    ({ localStorage, navigator: { languages, language: languages[0] } }) as unknown as Window;
  const box = () => document.querySelector<HTMLElement>("[data-language-suggestion]")!;
  const note = (lang: string) => document.querySelector<HTMLElement>(`[data-suggest="${lang}"]`)!;

  it("reads the first language Hawl speaks", () => {
    expect(preferredLanguage(["de-DE", "ar-SA", "en"])).toBe("ar");
    expect(preferredLanguage(["en-GB", "tr"])).toBe("en");
    expect(preferredLanguage(["de"])).toBeNull();
  });

  it("shows the note of the browser's language, and No thanks keeps the page's", () => {
    document.documentElement.lang = "en";
    document.body.innerHTML = html;
    suggestLanguage(document, browser(["ar-EG", "en"]));
    expect(box().hidden).toBe(false);
    expect(note("ar").hidden).toBe(false);
    expect(note("tr").hidden).toBe(true);
    note("ar").querySelector("button")!.click();
    expect(box().hidden).toBe(true);
    expect(localStorage.getItem("language")).toBe("en");
  });

  it("offers nothing to a browser in the page's language, or after a choice", () => {
    document.documentElement.lang = "en";
    document.body.innerHTML = html;
    suggestLanguage(document, browser(["en-US", "tr"]));
    expect(box().hidden).toBe(true);
    localStorage.setItem("language", "en");
    suggestLanguage(document, browser(["tr-TR"]));
    expect(box().hidden).toBe(true);
  });
});
