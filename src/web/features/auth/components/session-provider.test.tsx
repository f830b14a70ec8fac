// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import { useSession } from "~/lib/use-session";
import { AUTH_REDIRECT_KEY, CURRENT_WORKSPACE_KEY, USER_DATA_KEYS } from "~/lib/storage-keys";
import { meAnswer, serveAuth } from "../test/auth-api";
import { renderAt } from "../test/render";
import { RouteGuard } from "./route-guard";
import { SessionProvider } from "./session-provider";

installContractServer();

/** A fake Better Auth, and GET /api/me answering 401 once the session is gone. */
function fakeServer(initiallySignedIn: boolean) {
  const auth = serveAuth(initiallySignedIn);
  serve(
    route("get", "/api/me", () =>
      auth.isSignedIn() ? Response.json(meAnswer()) : apiError(401, "UNAUTHENTICATED", "x"),
    ),
  );
  return auth;
}

function Probe() {
  const s = useSession();
  return (
    <div>
      <p data-testid="status">{s.status}</p>
      <p data-testid="redirecting">{String(s.redirecting)}</p>
      <button type="button" onClick={() => void s.signIn("amina@example.com", "secret-password")}>
        sign in
      </button>
      <button type="button" onClick={() => void s.signOut()}>
        sign out
      </button>
    </div>
  );
}

const location = () => screen.getByTestId("location").textContent;
const status = () => screen.getByTestId("status").textContent;

function renderApp(at: string) {
  return renderAt(
    at,
    {
      "/signin": <Probe />,
      "/fr/signin": <Probe />,
      "/dashboard": <Probe />,
      "/fr/dashboard": (
        <RouteGuard>
          <Probe />
        </RouteGuard>
      ),
      "/fr/calendar": <Probe />,
      "/profile": <Probe />,
      "/": <Probe />,
      "/fr": <Probe />,
    },
    (children) => <SessionProvider>{children}</SessionProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("SessionProvider", () => {
  it("reads the session on mount", async () => {
    fakeServer(true);
    renderApp("/dashboard");
    expect(status()).toBe("loading");
    await waitFor(() => expect(status()).toBe("signed-in"));
  });

  it("after sign-in waits about 1000 ms, then opens the stored destination in the current language", async () => {
    fakeServer(false);
    localStorage.setItem(AUTH_REDIRECT_KEY, "/calendar");
    renderApp("/fr/signin");
    await waitFor(() => expect(status()).toBe("signed-out"));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByText("sign in"));
    await waitFor(() => expect(status()).toBe("signed-in"));
    expect(screen.getByTestId("redirecting").textContent).toBe("true");
    expect(location()).toBe("/fr/signin");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(location()).toBe("/fr/calendar"));
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
    expect(screen.getByTestId("redirecting").textContent).toBe("false");
  });

  it("after sign-in without a stored destination: the dashboard", async () => {
    fakeServer(false);
    renderApp("/signin");
    await waitFor(() => expect(status()).toBe("signed-out"));
    fireEvent.click(screen.getByText("sign in"));
    await waitFor(() => expect(location()).toBe("/dashboard"), { timeout: 2000 });
  });

  it("sign-out clears every stored user datum and the query cache, then goes home", async () => {
    fakeServer(true);
    for (const key of USER_DATA_KEYS) localStorage.setItem(key, "x");
    localStorage.setItem("language", "fr");
    const { queryClient } = renderApp("/fr/dashboard");
    queryClient.setQueryData(["me"], { some: "data" });
    await waitFor(() => expect(status()).toBe("signed-in"));
    fireEvent.click(screen.getByText("sign out"));
    await waitFor(() => expect(status()).toBe("signed-out"));
    expect(location()).toBe("/fr");
    for (const key of USER_DATA_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem("language")).toBe("fr"); // not user data
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull(); // the guard remembered nothing
    expect(location()).toBe("/fr");
    await waitFor(() => expect(queryClient.getQueryData(["me"])).toBeUndefined());
  });

  it("a 401 from the API while signed in: re-checks, then clears like a sign-out", async () => {
    const server = fakeServer(true);
    const { queryClient } = renderApp("/profile");
    await waitFor(() => expect(status()).toBe("signed-in"));
    localStorage.setItem(CURRENT_WORKSPACE_KEY, "w1");
    server.expire();
    await queryClient
      .fetchQuery({
        queryKey: ["me"],
        queryFn: async () => {
          const { request } = await import("~/lib/api-client");
          const { getMe } = await import("#contracts/endpoints/account.ts");
          return request(getMe);
        },
      })
      .catch(() => {});
    await waitFor(() => expect(status()).toBe("signed-out"));
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBeNull();
    expect(server.sessionReads()).toBe(2);
  });
});
