// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "~/features/auth/test/session";
import { useSession } from "~/lib/use-session";
import { AUTH_REDIRECT_KEY, USER_DATA_KEYS } from "~/lib/storage-keys";
import { renderAt } from "~/features/auth/test/render";
import { WorkspaceProvider } from "~/features/workspaces/test/render";
import { CalculatorPage } from "../components/calculator-page";
import type { Draft } from "../model/draft";
import {
  PENDING_MIGRATION_KEY,
  pendingMigrationFor,
  type PendingMigration,
} from "../model/migration";
import { CURRENT_SESSION_KEY, saveDraft } from "../model/storage";
import { useGuestMigration } from "./use-guest-migration";
import { serveAuth } from "~/features/auth/test/auth-api";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import { savedId, serveSaves } from "../test/calculations-api";
import { cashDraft } from "../test/drafts";
import { servePrices } from "../test/prices-api";
import { spyOnToasts } from "~/test/toasts";
import { loadCalculatorDialogs } from "../test/dialogs";

beforeAll(loadCalculatorDialogs);

let toast: ReturnType<typeof spyOnToasts>;

const workspace = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Personal",
  role: "owner",
  createdBy: "u1",
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
};
const otherWorkspace = { ...workspace, id: "22222222-2222-4222-8222-222222222222" };

const guestDraft = (): Draft => cashDraft("results");

function storePending(extra: Partial<PendingMigration> = {}): PendingMigration {
  const pending = {
    ...pendingMigrationFor(guestDraft(), {
      name: "Zakat 21 Nov 2026",
      isCompleted: true,
      idempotencyKey: "guest-key-1",
    })!,
    ...extra,
  };
  localStorage.setItem(PENDING_MIGRATION_KEY, JSON.stringify(pending));
  return pending;
}
const storedPending = () =>
  JSON.parse(localStorage.getItem(PENDING_MIGRATION_KEY) ?? "null") as PendingMigration | null;

installContractServer();

/**
 * A fake server: Better Auth (session, sign-in, sign-out), the workspaces list, no prices, and
 * saved calculations, whose POST answers are given by `answers` in turn (then 201).
 */
function fakeServer(options: { signedIn: boolean; answers?: number[] }) {
  serveAuth(options.signedIn);
  serve(route("get", "/api/workspaces", () => Response.json([workspace, otherWorkspace])));
  servePrices(() => apiError(503, "UNAVAILABLE", "x"));
  const { posts, puts } = serveSaves([...(options.answers ?? [])]);
  return { posts, puts };
}

function Migrator() {
  useGuestMigration();
  const session = useSession();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <button type="button" onClick={() => void session.signIn("amina@example.com", "pw")}>
        sign in
      </button>
      <button type="button" onClick={() => void session.signOut()}>
        sign out
      </button>
    </div>
  );
}

const providers = (children: React.ReactNode) => (
  <SessionProvider>
    <WorkspaceProvider>{children}</WorkspaceProvider>
  </SessionProvider>
);
function renderApp(at = "/dashboard", page: React.ReactNode = null) {
  return renderAt(
    at,
    {
      "/": <Migrator />,
      "/calculator": <Migrator />,
      [at.split("?")[0]!]: (
        <>
          <Migrator />
          {page}
        </>
      ),
    },
    providers,
  );
}
const status = () => screen.getByTestId("status").textContent;
const location = () => screen.getByTestId("location").textContent;

beforeEach(() => {
  localStorage.clear();
  toast = spyOnToasts();
  vi.spyOn(console, "error").mockImplementation(() => {});
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a guest calculation waiting for the account", () => {
  it("stays through a guest's page loads (the session check clears nothing)", async () => {
    const server = fakeServer({ signedIn: false });
    const pending = storePending();
    renderApp("/calculator-history");
    await waitFor(() => expect(status()).toBe("signed-out"));
    cleanup();
    renderApp("/");
    await waitFor(() => expect(status()).toBe("signed-out"));
    await act(async () => {});
    expect(storedPending()).toEqual(pending);
    expect(server.posts).toHaveLength(0);
  });

  it("is saved in the workspace after sign-in, with its key, before anything clears it", async () => {
    const server = fakeServer({ signedIn: false });
    const pending = storePending();
    saveDraft(guestDraft(), null);
    renderApp("/signin");
    await waitFor(() => expect(status()).toBe("signed-out"));
    fireEvent.click(screen.getByText("sign in"));

    await waitFor(() => expect(server.posts).toHaveLength(1));
    const post = server.posts[0]!;
    expect(post.url.pathname).toBe(`/api/workspaces/${workspace.id}/calculations`);
    expect(post.headers.get("idempotency-key")).toBe("guest-key-1");
    expect(post.body).toEqual(pending.body);
    await waitFor(() => expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull());

    // the calculation in progress on this device now belongs to the saved one
    const session = JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY) ?? "null");
    expect(session.link).toMatchObject({ workspaceId: workspace.id, id: savedId, version: 1 });
    expect(session.draft.amounts.cashInHand).toBe("500");

    // a toast says so, with a way to open it (besides the sign-in's own toast)
    const saved = toast.success.mock.calls.filter(([, o]) => o?.id === "guest-migration");
    expect(saved).toHaveLength(1);
    const [message, options] = saved[0]!;
    expect(message).toBe("Your calculation “Zakat 21 Nov 2026” is saved to your account.");
    const action = options?.action as { label: string; onClick: () => void };
    expect(action.label).toBe("Open");
    act(() => action.onClick());
    await waitFor(() => expect(location()).toBe(`/calculator?load=${savedId}`));
    expect(server.posts).toHaveLength(1);
  });

  it("goes to the workspace of its first attempt, not to the current one", async () => {
    const server = fakeServer({ signedIn: true });
    storePending({ workspaceId: otherWorkspace.id });
    renderApp();
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]!.url.pathname).toBe(`/api/workspaces/${otherWorkspace.id}/calculations`);
  });

  it("leaves a session of another calculation alone", async () => {
    const server = fakeServer({ signedIn: true });
    storePending();
    const other = guestDraft();
    other.amounts = { ...other.amounts, cashInHand: "999" };
    saveDraft(other, null);
    renderApp();
    await waitFor(() => expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull());
    expect(server.posts).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).link).toBeNull();
  });

  it("after a failure is kept (with its workspace) and tried again on the next load only", async () => {
    const server = fakeServer({ signedIn: true, answers: [500] });
    const pending = storePending();
    const first = renderApp();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error.mock.calls[0]![0]).toMatch(/could not be saved yet/);
    expect(storedPending()).toEqual({ ...pending, workspaceId: workspace.id });
    // the same page load does not try again, even when the workspaces are read again
    await act(async () => {
      await first.queryClient.invalidateQueries();
    });
    await act(async () => {});
    expect(server.posts).toHaveLength(1);

    cleanup();
    renderApp("/profile");
    await waitFor(() => expect(server.posts).toHaveLength(2));
    expect(server.posts[1]!.headers.get("idempotency-key")).toBe("guest-key-1");
    expect(server.posts[1]!.url.pathname).toBe(`/api/workspaces/${workspace.id}/calculations`);
    await waitFor(() => expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull());
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it("is dropped, with an error toast, when the server refuses it as invalid", async () => {
    fakeServer({ signedIn: true, answers: [400] });
    storePending();
    renderApp();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error.mock.calls[0]![0]).toBe(
      "The calculation you made before signing in could not be saved to your account.",
    );
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("forgets a workspace that is not the person's any more (404), keeping the rest", async () => {
    fakeServer({ signedIn: true, answers: [404] });
    const pending = storePending({ workspaceId: "33333333-3333-4333-8333-333333333333" });
    renderApp();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(storedPending()).toEqual({ ...pending, workspaceId: null });
  });

  it("an unreadable record is not sent", async () => {
    const server = fakeServer({ signedIn: true });
    localStorage.setItem(PENDING_MIGRATION_KEY, '{"version":1}');
    renderApp();
    await waitFor(() => expect(status()).toBe("signed-in"));
    await act(async () => {});
    expect(server.posts).toHaveLength(0);
  });

  it("is cleared by a sign-out, like the other user data", async () => {
    fakeServer({ signedIn: true, answers: [500] });
    storePending();
    renderApp();
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(USER_DATA_KEYS).toContain(PENDING_MIGRATION_KEY);
    fireEvent.click(screen.getByText("sign out"));
    await waitFor(() => expect(status()).toBe("signed-out"));
    expect(localStorage.getItem(PENDING_MIGRATION_KEY)).toBeNull();
  });
});

describe("an open calculator", () => {
  it("links its calculation to the migrated one and auto-saves changes into it", async () => {
    const server = fakeServer({ signedIn: false });
    storePending();
    saveDraft(guestDraft(), null);
    // as the account prompt leaves it: back to the calculator after sign-in
    localStorage.setItem(AUTH_REDIRECT_KEY, "/calculator");
    renderApp("/calculator", <CalculatorPage />);
    await waitFor(() => expect(status()).toBe("signed-out"));
    // the guest sees the account prompt once at the results: close it
    fireEvent.click(await screen.findByRole("button", { name: "Not now" }));
    expect(screen.queryByTestId("save-status")).toBeNull();

    fireEvent.click(screen.getByText("sign in"));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CURRENT_SESSION_KEY)!).link?.id).toBe(savedId),
    );
    expect(screen.getByTestId("save-status")).toBeTruthy();
    // no update-dashboard prompt: it is saved already
    expect(screen.queryByTestId("update-dashboard-prompt")).toBeNull();

    // a change goes to the saved calculation (PUT), not into a new one
    fireEvent.click(screen.getByTestId("step-back"));
    fireEvent.change(screen.getByLabelText(/^Cash in hand/), { target: { value: "700" } });
    await waitFor(
      () => {
        const sent = server.puts.map((r) => r.body as { cashAmounts: { cashInHand: string } });
        expect(sent.map((b) => b.cashAmounts.cashInHand)).toContain("700");
      },
      { timeout: 4000 },
    );
    expect(server.puts.at(-1)!.url.pathname).toBe(
      `/api/workspaces/${workspace.id}/calculations/${savedId}`,
    );
    expect(server.posts).toHaveLength(1);
  });
});
