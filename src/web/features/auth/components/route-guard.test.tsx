// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { useLayoutEffect, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionContext, type SessionState, type SessionStatus } from "~/lib/use-session";
import { AUTH_REDIRECT_KEY } from "~/lib/storage-keys";
import { renderAt } from "../test/render";
import { RouteGuard } from "./route-guard";
import { useSession } from "~/lib/use-session";

function session(status: SessionStatus, extra: Partial<SessionState> = {}): SessionState {
  return {
    status,
    user:
      status === "signed-in" ? { id: "u1", email: "a@b.c", name: "", emailVerified: true } : null,
    refresh: async () => {},
    signOut: async () => {},
    signIn: async () => "signed-in",
    finishSignIn: async () => {},
    redirecting: false,
    signingOut: false,
    ...extra,
  };
}

function renderGuarded(at: string, value: SessionState) {
  const page = (name: string) => (
    <RouteGuard>
      <p>{name} content</p>
    </RouteGuard>
  );
  return renderAt(
    at,
    {
      "/profile": page("profile"),
      "/fr/profile": page("profile"),
      "/nl/calendar": page("calendar"),
      "/signin": page("signin"),
      "/fr/signin": page("signin"),
      "/nl/signin": page("signin"),
      "/signup": page("signup"),
      "/nl/signup": page("signup"),
      "/dashboard": page("dashboard"),
      "/nl/dashboard": page("dashboard"),
      "/nl/checkout": page("checkout"),
      "/pricing": page("pricing"),
    },
    (children) => <SessionContext.Provider value={value}>{children}</SessionContext.Provider>,
  );
}

const location = () => screen.getByTestId("location").textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("RouteGuard on protected routes", () => {
  it("signed out: remembers the full address and goes to sign-in in the same language", () => {
    renderGuarded("/fr/profile?tab=account", session("signed-out"));
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/fr/profile?tab=account");
    expect(location()).toBe("/fr/signin");
    expect(screen.queryByText("profile content")).toBeNull();
    expect(screen.getByText("signin content")).toBeTruthy();
  });

  it("signed out, English: no prefix", () => {
    renderGuarded("/profile", session("signed-out"));
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/profile");
    expect(location()).toBe("/signin");
  });

  it("while the session loads: an announced spinner, never the content", () => {
    renderGuarded("/nl/calendar", session("loading"));
    const spinner = screen.getByTestId("page-spinner");
    expect(spinner.getAttribute("role")).toBe("status");
    expect(spinner.textContent).toContain("Laden");
    expect(screen.queryByText("calendar content")).toBeNull();
    expect(location()).toBe("/nl/calendar");
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
  });

  it("while signing out: neither remembered nor redirected (the sign-out goes home)", () => {
    renderGuarded("/profile", session("signed-out", { signingOut: true }));
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
    expect(location()).toBe("/profile");
    expect(screen.queryByText("profile content")).toBeNull();
  });

  it("signed in: the page", () => {
    renderGuarded("/profile", session("signed-in"));
    expect(screen.getByText("profile content")).toBeTruthy();
  });

  it("the session arriving: the header's signed-in render first, the page in a deferred one", async () => {
    let arrive = () => {};
    function ChangingSession({ children }: { children: React.ReactNode }) {
      const [value, setValue] = useState(session("loading"));
      arrive = () => setValue(session("signed-in"));
      return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
    }
    // what the page showed when the header first committed its signed-in face
    const atHeaderCommit: Array<string | null> = [];
    function Header() {
      const { status } = useSession();
      useLayoutEffect(() => {
        if (status === "signed-in")
          atHeaderCommit.push(screen.queryByText("dashboard content") ? "page" : "spinner");
      }, [status]);
      return null;
    }
    renderAt(
      "/dashboard",
      {
        "/dashboard": (
          <>
            <Header />
            <RouteGuard>
              <p>dashboard content</p>
            </RouteGuard>
          </>
        ),
      },
      (children) => <ChangingSession>{children}</ChangingSession>,
    );
    expect(screen.getByTestId("page-spinner")).toBeTruthy();
    await act(async () => arrive());
    expect(atHeaderCommit).toEqual(["spinner"]);
    expect(screen.getByText("dashboard content")).toBeTruthy();
    expect(screen.queryByTestId("page-spinner")).toBeNull();
  });

  it("public pages render whatever the session", () => {
    renderGuarded("/pricing", session("loading"));
    expect(screen.getByText("pricing content")).toBeTruthy();
  });
});

describe("RouteGuard on guest-only routes", () => {
  it("signed in without a stored destination: straight to the dashboard", () => {
    renderGuarded("/nl/signin", session("signed-in"));
    expect(location()).toBe("/nl/dashboard");
  });

  it("signed in on sign-up with a paid plan chosen (the static pricing page's link): checkout", () => {
    renderGuarded("/nl/signup?plan=pro&billing=yearly", session("signed-in"));
    expect(location()).toBe("/nl/checkout?plan=pro&billing=yearly");
  });

  it("signed in on sign-up with the free plan or an unknown one: the dashboard", () => {
    renderGuarded("/nl/signup?plan=free", session("signed-in"));
    expect(location()).toBe("/nl/dashboard");
    cleanup();
    renderGuarded("/nl/signup?plan=gold&billing=yearly", session("signed-in"));
    expect(location()).toBe("/nl/dashboard");
  });

  it("signed in with a stored destination: follows it after 500 ms and forgets it", () => {
    vi.useFakeTimers();
    localStorage.setItem(AUTH_REDIRECT_KEY, "/profile");
    renderGuarded("/fr/signin", session("signed-in"));
    expect(location()).toBe("/fr/signin");
    act(() => vi.advanceTimersByTime(499));
    expect(location()).toBe("/fr/signin");
    act(() => vi.advanceTimersByTime(1));
    expect(location()).toBe("/fr/profile"); // re-prefixed for the current language
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
  });

  it("ignores a stored destination that leaves the site", () => {
    localStorage.setItem(AUTH_REDIRECT_KEY, "//evil.example/x");
    renderGuarded("/signup", session("signed-in"));
    expect(location()).toBe("/dashboard");
  });

  it("stays while a sign-in's own redirect is pending", () => {
    renderGuarded("/signin", session("signed-in", { redirecting: true }));
    expect(location()).toBe("/signin");
    expect(screen.getByText("signin content")).toBeTruthy();
  });

  it("signed out or loading: the form", () => {
    renderGuarded("/signin", session("loading"));
    expect(screen.getByText("signin content")).toBeTruthy();
  });
});
