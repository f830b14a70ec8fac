// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listCalculations } from "#contracts/endpoints/calculations.ts";
import { request } from "~/lib/api-client";
import { CURRENT_WORKSPACE_KEY } from "~/lib/storage-keys";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { apiCalls, apiError, installContractServer, route, serve } from "~/test/msw";
import { useWorkspaces } from "~/lib/use-workspaces";
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

const signedIn = sessionState("signed-in");

installContractServer();

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

/** GET /api/workspaces answers `list`; POST adds `created` to it. */
function serveList(list: unknown[], created?: unknown) {
  serve(
    route("get", "/api/workspaces", () => Response.json(list)),
    route("post", "/api/workspaces", () => {
      list.push(created);
      return Response.json(created, { status: 201 });
    }),
  );
}

const listReads = () =>
  apiCalls().filter((c) => c.method === "GET" && c.path === "/api/workspaces").length;

const inProvider = (children: React.ReactNode) =>
  withSession(signedIn)(<WorkspaceProvider>{children}</WorkspaceProvider>);

function renderProvider() {
  return renderAt("/dashboard", { "/dashboard": <Probe /> }, inProvider);
}

const current = () => screen.getByTestId("current").textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("WorkspaceProvider", () => {
  it("starts with the remembered workspace when still a member", async () => {
    serveList([A, B]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Family"));
  });

  it("falls back to the first workspace and remembers it", async () => {
    serveList([A, B]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, "00000000-0000-4000-8000-0000000000ff");
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(A.id);
  });

  it("no workspace: nothing current, nothing remembered", async () => {
    serveList([]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, A.id);
    renderProvider();
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("ready"));
    expect(current()).toBe("none");
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBeNull();
  });

  it("switching remembers the choice", async () => {
    serveList([A, B]);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    fireEvent.click(screen.getByText("switch"));
    expect(current()).toBe("Family");
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(B.id);
  });

  it("creating posts the trimmed name and switches to the new workspace", async () => {
    serveList([A], C);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    fireEvent.click(screen.getByText("create"));
    await waitFor(() => expect(current()).toBe("Mosque"));
    const post = apiCalls().find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ name: "Mosque" });
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(C.id);
  });

  it("a 404 from the current workspace re-checks the list: access lost is said and the first remaining becomes current", async () => {
    const warning = vi.spyOn(toast, "warning");
    const list = [A, B];
    let removed = false;
    serveList(list);
    serve(
      route("get", "/api/workspaces/{ws}/calculations", ({ params }) =>
        removed && params.ws === B.id
          ? apiError(404, "NOT_FOUND", "Workspace not found.")
          : Response.json({ calculations: [], totalCount: 0, totalPages: 0, page: 1 }),
      ),
    );
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    function Data() {
      const { current } = useWorkspaces();
      const data = useQuery({
        queryKey: ["calculations", current?.id],
        queryFn: () => request(listCalculations, { params: { ws: current!.id } }),
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
      inProvider,
    );
    await waitFor(() => expect(current()).toBe("Family"));
    await waitFor(() =>
      expect(apiCalls().map((c) => c.path)).toContain(`/api/workspaces/${B.id}/calculations`),
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
    expect(listReads()).toBe(2);
  });

  it("a remembered workspace gone since the last visit is said once on load", async () => {
    const warning = vi.spyOn(toast, "warning");
    serveList([A]);
    localStorage.setItem(CURRENT_WORKSPACE_KEY, B.id);
    renderProvider();
    await waitFor(() => expect(current()).toBe("Personal"));
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning.mock.calls[0]![0]).toBe(
      "The workspace you were using is no longer available to you.",
    );
  });

  it("switching to null clears the choice", async () => {
    serveList([A, B]);
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
      inProvider,
    );
    await waitFor(() => expect(current()).toBe("Family"));
    fireEvent.click(screen.getByText("clear"));
    // without a choice the first workspace is current again (spec §4)
    expect(current()).toBe("Personal");
  });
});
