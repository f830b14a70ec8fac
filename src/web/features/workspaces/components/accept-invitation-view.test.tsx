// @vitest-environment jsdom
import { installContractServer } from "~/test/msw";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_REDIRECT_KEY, CURRENT_WORKSPACE_KEY } from "~/lib/storage-keys";
import { apiError, serveWorkspaces, ws, type FakeState } from "../test/workspace-api";
import { renderWithWorkspaces } from "../test/render";
import { ACCEPTED_REDIRECT_DELAY_MS, AcceptInvitationView } from "./accept-invitation-view";

installContractServer();

const PERSONAL = ws("bb", "Personal");
const FAMILY = ws("aa", "Family Zakat", "member");

function render(at: string, status: "signed-in" | "signed-out" | "loading" = "signed-in") {
  return renderWithWorkspaces(
    at,
    {
      "/accept-invitation": <AcceptInvitationView />,
      "/fr/accept-invitation": <AcceptInvitationView />,
      "/signin": <p>Sign-in page</p>,
      "/fr/signin": <p>Page de connexion</p>,
    },
    status,
  );
}

/** The server: Personal before accepting, Personal and Family after. */
function server(accept: FakeState["accept"]) {
  const state: FakeState = { workspaces: [{ ...PERSONAL }], members: {}, invitations: {} };
  state.accept = (token) => {
    const answer = accept!(token);
    if (answer.ok) state.workspaces.push({ ...FAMILY });
    return answer;
  };
  // the signed-out preview knows one live token
  state.preview = (token) =>
    token === "abc_DEF-123"
      ? Response.json({
          workspaceName: "Family Zakat",
          role: "member",
          inviterName: "Amina",
          expiresAt: "2026-12-01T00:00:00.000Z",
        })
      : apiError(404, "INVITATION_NOT_FOUND");
  return serveWorkspaces(state);
}
const joined = () => Response.json({ workspace: FAMILY });

const location = () => screen.getByTestId("location").textContent;
const current = () => screen.getByTestId("current").textContent;
const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path === "/api/invitations/accept");

beforeEach(() => localStorage.clear());
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("AcceptInvitationView", () => {
  it("without a token: not valid, the dashboard as the way on, nothing sent", async () => {
    const { calls } = server(joined);
    render("/accept-invitation");
    expect(
      screen.getByRole("heading", { level: 1, name: "This invitation is not valid" }),
    ).toBeTruthy();
    expect(screen.getByTestId("accept-invitation-invalid").textContent).toContain(
      "Ask the person who invited you",
    );
    expect(screen.getByRole("link", { name: "Go to dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(screen.queryByRole("alert")).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(calls)).toHaveLength(0);
  });

  it("without a token and signed out: no sign-in to accept nothing, the home page instead", () => {
    server(joined);
    render("/accept-invitation?token=", "signed-out");
    expect(
      screen.getByRole("heading", { level: 1, name: "This invitation is not valid" }),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in to accept" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it("signed out: says who invited them to which workspace, offers sign-up and sign-in, and remembers this address", async () => {
    const { calls } = server(joined);
    render("/fr/accept-invitation?token=abc_DEF-123", "signed-out");
    await waitFor(() =>
      expect(screen.getByTestId("accept-invitation-preview").textContent).toBe(
        "Amina vous invite à rejoindre « Family Zakat » sur Hawl.",
      ),
    );
    expect(
      screen.getByRole("heading", { level: 1, name: "Vous avez une invitation" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Créer un compte" }).getAttribute("href")).toBe(
      "/fr/signup",
    );
    expect(
      screen.getByRole("link", { name: "Se connecter pour accepter" }).getAttribute("href"),
    ).toBe("/fr/signin");
    expect(localStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/fr/accept-invitation?token=abc_DEF-123");
    expect(location()).toBe("/fr/accept-invitation?token=abc_DEF-123");
    expect(posts(calls)).toHaveLength(0);
  });

  it("signed out with a used or unknown link: not valid, nothing to sign in for (issue 30)", async () => {
    server(joined);
    render("/fr/accept-invitation?token=gone", "signed-out");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Cette invitation n'est pas valide" }),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Se connecter pour accepter" })).toBeNull();
    expect(screen.getByRole("link", { name: "Aller à l'accueil" }).getAttribute("href")).toBe(
      "/fr",
    );
  });

  it("while the session is being checked: the loading state, nothing sent", async () => {
    const { calls } = server(joined);
    render("/accept-invitation?token=abc", "loading");
    expect(screen.getByTestId("page-spinner").textContent).toContain("Accepting your invitation…");
    await new Promise((r) => setTimeout(r, 50));
    expect(posts(calls)).toHaveLength(0);
    expect(location()).toBe("/accept-invitation?token=abc");
  });

  it("signed in: accepts once, says Welcome!, switches to the joined workspace, then /dashboard after 2000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(CURRENT_WORKSPACE_KEY, PERSONAL.id);
    const { calls } = server(joined);
    render("/accept-invitation?token=tok123");
    expect(screen.getByTestId("page-spinner").textContent).toContain("Accepting your invitation…");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome!" })).toBeTruthy();
    const notice = screen.getByTestId("accept-invitation-success");
    expect(within(notice).getByText("Successfully joined the workspace!")).toBeTruthy();
    expect(notice.textContent).toContain("You are now a member of “Family Zakat”.");
    expect(posts(calls).map((c) => c.body)).toEqual([{ token: "tok123" }]);
    await waitFor(() => expect(current()).toBe("Family Zakat"));
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(FAMILY.id);
    // the joined workspace is in the list the switcher shows (else it would fall back)
    expect(screen.queryByText(/no longer/)).toBeNull();
    expect(location()).toBe("/accept-invitation?token=tok123");
    // the clock jumps instead of sleeping: still here a moment before the delay, then gone
    await act(() => vi.advanceTimersByTimeAsync(ACCEPTED_REDIRECT_DELAY_MS - 300));
    expect(location()).toBe("/accept-invitation?token=tok123");
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(location()).toBe("/dashboard"));
    expect(current()).toBe("Family Zakat");
    expect(posts(calls)).toHaveLength(1);
  });

  it.each([
    [404, "INVITATION_NOT_FOUND"],
    [410, "INVITATION_EXPIRED"],
  ])(
    "a %i %s says the invitation is not valid, the dashboard as the way on",
    async (status, code) => {
      server(() => apiError(status, code, "server text"));
      render("/accept-invitation?token=tok");
      expect(
        await screen.findByRole("heading", { level: 1, name: "This invitation is not valid" }),
      ).toBeTruthy();
      expect(screen.getByRole("link", { name: "Go to dashboard" })).toBeTruthy();
      expect(screen.queryByRole("link", { name: "Sign in to accept" })).toBeNull();
    },
  );

  it.each([
    [403, "INVITATION_EMAIL_MISMATCH", "This invitation was sent to a different e-mail address"],
    [409, "ALREADY_MEMBER", "User is already a member of this workspace"],
    [500, "INTERNAL", "Failed to accept invitation"],
  ])("a %i %s shows Invitation error with its message", async (status, code, text) => {
    server(() => apiError(status, code, "server text"));
    render("/accept-invitation?token=tok");
    expect(await screen.findByRole("heading", { level: 1, name: "Invitation error" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(text);
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toBeTruthy();
    // signed in: no sign-in link
    expect(screen.queryByRole("link", { name: "Sign in to accept" })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(location()).toBe("/accept-invitation?token=tok");
  });

  it("an unknown code falls back to the server's message", async () => {
    server(() => apiError(418, "SOMETHING_NEW", "The server explains"));
    render("/accept-invitation?token=tok");
    expect((await screen.findByRole("alert")).textContent).toBe("The server explains");
  });

  it("in French", async () => {
    server(joined);
    render("/fr/accept-invitation?token=tok");
    expect(await screen.findByRole("heading", { level: 1, name: "Bienvenue\u202F!" })).toBeTruthy();
    expect(screen.getByText("Vous avez rejoint l'espace de travail !")).toBeTruthy();
  });

  it("a link used before by this member: 'Already a member', a link to the workspace, no redirect (issue 11)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server(() => Response.json({ workspace: FAMILY, alreadyMember: true }));
    render("/fr/accept-invitation?token=abc_DEF-123");
    expect(await screen.findByRole("heading", { level: 1, name: "Déjà membre" })).toBeTruthy();
    expect(screen.getByTestId("accept-invitation-member").textContent).toContain(
      "Vous êtes déjà membre de « Family Zakat »",
    );
    const open = screen.getByRole("link", { name: "Ouvrir « Family Zakat »" });
    expect(open.getAttribute("href")).toBe("/fr/dashboard");
    await waitFor(() => expect(current()).toBe(FAMILY.name));
    await act(() => vi.advanceTimersByTimeAsync(ACCEPTED_REDIRECT_DELAY_MS + 200));
    expect(location()).toMatch(/^\/fr\/accept-invitation\?/);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
