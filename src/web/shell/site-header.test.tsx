// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18nFor, languageFromPath } from "~/app/i18n";
import type { SessionState } from "~/lib/use-session";
import { SiteHeader } from "./site-header";

const session = vi.hoisted(() => ({
  current: { status: "signed-out" } as Partial<SessionState>,
}));
vi.mock("~/lib/use-session", () => ({
  useSession: () => ({
    user: null,
    refresh: async () => {},
    signOut: async () => {},
    ...session.current,
  }),
}));
// the Actions menu, counted when it is imported (issue 12: on first use, not with the session)
const imports = vi.hoisted(() => ({ actionsMenu: 0 }));
vi.mock("../components/layout/actions-menu", async (importOriginal) => {
  imports.actionsMenu += 1;
  return importOriginal();
});
vi.mock("~/features/workspaces/components/workspace-switcher", () => ({
  WorkspaceSwitcher: () => <button type="button">Workspace switcher</button>,
}));

function Probe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{pathname + search + hash}</output>;
}

function renderHeader(at: string) {
  return render(
    <I18nextProvider i18n={i18nFor(languageFromPath(at.split(/[?#]/)[0]!))}>
      <MemoryRouter initialEntries={[at]}>
        <SiteHeader />
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const hrefs = (root: HTMLElement) =>
  within(root)
    .getAllByRole("link")
    .map((a) => a.getAttribute("href"));

beforeAll(() => {
  // jsdom lacks what Radix' popper and the breakpoint listener use.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  session.current = { status: "signed-out" };
});
afterEach(cleanup);

describe("SiteHeader", () => {
  it("shows the signed-out links, all in the page's language", () => {
    renderHeader("/fr/pricing");
    const nav = screen.getAllByRole("navigation", { name: "Navigation principale" })[0]!;
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual([
      "Accueil",
      "Calculateur",
      "Valeurs du nisab",
      "Blog (s’ouvre dans un nouvel onglet)",
      "Tarifs",
      "Faire un don",
    ]);
    expect(hrefs(nav)).toEqual([
      "/fr",
      "/fr/calculator",
      // our own page, in the page's language (issue 30: it sent French readers to a UK site)
      "/fr/nisab-values",
      expect.stringMatching(/^https:/),
      "/fr/pricing",
      "/fr/donate",
    ]);
    expect(within(nav).getByRole("link", { name: "Tarifs" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("link", { name: "Se connecter" }).getAttribute("href")).toBe(
      "/fr/signin",
    );
    expect(screen.getByRole("link", { name: "S’inscrire" }).getAttribute("href")).toBe(
      "/fr/signup",
    );
  });

  it("shows a neutral placeholder while the session loads", () => {
    session.current = { status: "loading" };
    renderHeader("/");
    expect(screen.getByText("Loading your menu").closest("[role=status]")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Pricing" })).toBeNull();
  });

  it("shows the signed-in links, the actions menu, the switcher and logout", async () => {
    const signOut = vi.fn(async () => {});
    session.current = { status: "signed-in", signOut };
    renderHeader("/nisab");
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(hrefs(nav)).toEqual(["/dashboard", "/calculator", "/nisab"]);
    // signed-in only, so loaded with the session
    expect(await screen.findByRole("button", { name: "Workspace switcher" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();

    // a stand-in until first used: the menu (Radix) is not loaded yet
    const actions = screen.getByRole("button", { name: "Actions" });
    expect(actions.getAttribute("aria-haspopup")).toBe("menu");
    expect(actions.getAttribute("aria-expanded")).toBe("false");
    expect(imports.actionsMenu).toBe(0);
    act(() => {
      fireEvent.click(actions);
    });
    const menu = await screen.findByRole("menu");
    expect(imports.actionsMenu).toBe(1);
    const items = within(menu).getAllByRole("menuitem");
    expect(document.activeElement).toBe(items[0]);
    expect(items.map((i) => i.textContent)).toEqual([
      "Workspace settings",
      "Calculator history",
      "Calendar",
      "Donate",
      "Nisab values",
      "My profile",
    ]);
    act(() => {
      fireEvent.keyDown(menu, { key: "Escape" });
    });
    expect(screen.queryByRole("menu")).toBeNull();
    // the real trigger took the stand-in's place, and the keyboard is back on it
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Actions" })),
    );

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    });
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("becomes opaque after scrolling more than 10 px", () => {
    renderHeader("/");
    const header = screen.getByRole("banner");
    expect(header.dataset.scrolled).toBe("false");
    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header.dataset.scrolled).toBe("false");
    act(() => {
      window.scrollY = 11;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header.dataset.scrolled).toBe("true");
    window.scrollY = 0;
  });
});

describe("mobile menu", () => {
  // the sheet loads on the first click (components/ui/on-demand.tsx)
  const open = async () => {
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    });
    return screen.findByRole("dialog");
  };

  it("mirrors the links, locks scrolling, and closes on Escape", async () => {
    renderHeader("/pricing");
    const dialog = await open();
    expect(hrefs(dialog)).toEqual(
      expect.arrayContaining(["/", "/calculator", "/pricing", "/donate", "/signin", "/signup"]),
    );
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(true);
    act(() => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(false);
  });

  it("closes when a link navigates and releases the scroll lock", async () => {
    renderHeader("/");
    await open();
    act(() => {
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("link", { name: "Pricing" }));
    });
    expect(screen.getByTestId("location").textContent).toBe("/pricing");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(false);
  });

  it("releases the scroll lock when unmounted while open", async () => {
    const { unmount } = renderHeader("/");
    await open();
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(true);
    unmount();
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(false);
  });
});

describe("language switcher", () => {
  it("links to the same page in each language, keeping query and fragment, and stores the choice", async () => {
    renderHeader("/fr/pricing?plan=pro#faq");
    await open();
    const switcher = within(screen.getByRole("dialog")).getByRole("navigation", { name: "Langue" });
    expect(hrefs(switcher)).toEqual([
      "/pricing?plan=pro#faq",
      "/fr/pricing?plan=pro#faq",
      "/nl/pricing?plan=pro#faq",
      "/ar/pricing?plan=pro#faq",
      "/tr/pricing?plan=pro#faq",
    ]);
    act(() => {
      fireEvent.click(within(switcher).getByRole("link", { name: /Nederlands/ }));
    });
    expect(screen.getByTestId("location").textContent).toBe("/nl/pricing?plan=pro#faq");
    expect(localStorage.getItem("language")).toBe("nl");
  });

  async function open() {
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
    });
    await screen.findByRole("dialog");
  }
});
