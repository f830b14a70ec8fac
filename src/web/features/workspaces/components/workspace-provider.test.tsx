// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { SessionContext, type SessionState } from "~/features/auth/hooks/use-session";
import { CURRENT_WORKSPACE_KEY } from "~/features/auth/lib/storage-keys";
import { renderAt } from "~/features/auth/test/render";
import { useWorkspaces } from "../hooks/use-workspaces";
import { WorkspaceProvider } from "./workspace-provider";

const ws = (id: string, name: string, role: "owner" | "member" = "owner") => ({
  id,
  name,
  role,
  createdBy: "u1",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
const A = ws("00000000-0000-4000-8000-00000000000a", "Personal");
const B = ws("00000000-0000-4000-8000-00000000000b", "Family", "member");
const C = ws("00000000-0000-4000-8000-00000000000c", "Mosque");

const signedIn: SessionState = {
  status: "signed-in",
  user: { id: "u1", email: "a@b.c", name: "", emailVerified: true },
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => {},
  redirecting: false,
  signingOut: false,
};

function Probe() {
  const w = useWorkspaces();
  return (
    <div>
      <p data-testid="status">{w.status}</p>
      <p data-testid="current">{w.current?.name ?? "none"}</p>
      <button type="button" onClick={() => w.switchWorkspace(B.id)}>
        switch
      </button>
      <button type="button" onClick={() => void w.createWorkspace("  Mosque ").catch(() => {})}>
        create
      </button>
    </div>
  );
}

function serve(list: unknown[], created?: unknown) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/workspaces" && init?.method === "POST") {
      list.push(created);
      return Response.json(created, { status: 201 });
    }
    if (url === "/api/workspaces") return Response.json(list);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderProvider() {
  return renderAt("/dashboard", { "/dashboard": <Probe /> }, (children) => (
    <SessionContext.Provider value={signedIn}>
      <WorkspaceProvider>{children}</WorkspaceProvider>
    </SessionContext.Provider>
  ));
}

const current = () => screen.getByTestId("current").textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("WorkspaceProvider", () => {
  it("starts with the remembered workspace when still a member", async () => {
    serve([A, B]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Family"));
  });

  it("falls back to the first workspace and remembers it", async () => {
    serve([A, B]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, "00000000-0000-4000-8000-0000000000ff");
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(A.id);
  });

  it("no workspace: nothing current, nothing remembered", async () => {
    serve([]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, A.id);
    renderProvider();
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("ready"));
    expect(current()).toBe("none");
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBeNull();
  });

  it("switching remembers the choice", async () => {
    serve([A, B]);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    fireEvent.click(screen.getByText("switch"));
    expect(current()).toBe("Family");
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(B.id);
  });

  it("creating posts the trimmed name and switches to the new workspace", async () => {
    const fetchMock = serve([A], C);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    fireEvent.click(screen.getByText("create"));
    await waitFor(() => expect(current()).toBe("Mosque"));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ name: "Mosque" });
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(C.id);
  });

  it("a 404 from the current workspace re-checks the list: access lost is said and the first remaining becomes current", async () => {
    const warning = vi.spyOn(toast, "warning");
    const list = [A, B];
    let removed = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === "/api/workspaces") return Response.json(list);
      if (removed && url === `/api/workspaces/${B.id}/calculations`) {
        return Response.json(
          { error: { code: "NOT_FOUND", message: "Workspace not found." } },
          { status: 404 },
        );
      }
      return Response.json([]);
    });
    vi.stubGlobal("fetch", fetchMock);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    function Data() {
      const { current } = useWorkspaces();
      const data = useQuery({
        queryKey: ["calculations", current?.id],
        queryFn: () => api(`/api/workspaces/${current!.id}/calculations`),
        enabled: Boolean(current),
      });
      return (
        <button type="button" onClick={() => void data.refetch()}>
          reload
        </button>
      );
    }
    renderAt(
      "/dashboard",
      {
        "/dashboard": (
          <>
            <Probe />
            <Data />
          </>
        ),
      },
      (children) => (
        <SessionContext.Provider value={signedIn}>
          <WorkspaceProvider>{children}</WorkspaceProvider>
        </SessionContext.Provider>
      ),
    );
    await waitFor(() => expect(current()).toBe("Family"));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/workspaces/${B.id}/calculations`,
        expect.anything(),
      ),
    );
    // an owner removes this person from Family; the next request to it answers 404
    list.splice(1, 1);
    removed = true;
    expect(warning).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText("reload"));
    await waitFor(() => expect(current()).toBe("Personal"));
    expect(warning).toHaveBeenCalledWith(
      "You no longer have access to the workspace “Family”.",
      expect.anything(),
    );
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(A.id);
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/workspaces").length).toBe(2);
  });

  it("a remembered workspace gone since the last visit is said once on load", async () => {
    const warning = vi.spyOn(toast, "warning");
    serve([A]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning.mock.calls[0]![0]).toBe(
      "The workspace you were using is no longer available to you.",
    );
  });

  it("switching to null clears the choice", async () => {
    serve([A, B]);
    function Clear() {
      const w = useWorkspaces();
      return (
        <button type="button" onClick={() => w.switchWorkspace(null)}>
          clear
        </button>
      );
    }
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    renderAt(
      "/dashboard",
      {
        "/dashboard": (
          <>
            <Probe />
            <Clear />
          </>
        ),
      },
      (children) => (
        <SessionContext.Provider value={signedIn}>
          <WorkspaceProvider>{children}</WorkspaceProvider>
        </SessionContext.Provider>
      ),
    );
    await waitFor(() => expect(current()).toBe("Family"));
    fireEvent.click(screen.getByText("clear"));
    // without a choice the first workspace is current again (spec §4)
    expect(current()).toBe("Personal");
  });
});
