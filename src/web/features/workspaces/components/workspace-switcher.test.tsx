// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { WorkspacesContext, type WorkspacesState } from "~/lib/use-workspaces";
import { WorkspaceSwitcher } from "./workspace-switcher";

// the real menu, counted when it is imported (issue 12: not with the session, on first use)
const imports = vi.hoisted(() => ({ menu: 0 }));
vi.mock("./workspace-switcher-menu", async (importOriginal) => {
  imports.menu += 1;
  return importOriginal();
});

const ws = (id: string, name: string, role: "owner" | "member") => ({
  id,
  name,
  role,
  createdBy: "u1",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
const personal = ws("00000000-0000-4000-8000-00000000000a", "Personal", "owner");
const family = ws("00000000-0000-4000-8000-00000000000b", "Family", "member");

const workspaces = (fields: Partial<WorkspacesState>): WorkspacesState => ({
  status: "ready",
  workspaces: [personal, family],
  current: family,
  switchWorkspace: vi.fn(),
  createWorkspace: vi.fn(),
  refresh: async () => {},
  ...fields,
});

function renderSwitcher(state: WorkspacesState, status: "signed-in" | "signed-out" = "signed-in") {
  return renderAt("/dashboard", { "*": <WorkspaceSwitcher /> }, (children) =>
    withSession(sessionState(status))(
      <WorkspacesContext.Provider value={state}>{children}</WorkspacesContext.Provider>,
    ),
  );
}

beforeAll(() => {
  // jsdom lacks what Radix' popper uses
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(cleanup);

describe("WorkspaceSwitcher", () => {
  it("shows the current workspace in a stand-in, its menu not loaded until it is opened", async () => {
    const state = workspaces({});
    renderSwitcher(state);
    const trigger = screen.getByRole("button", {
      name: "Workspace: Family. Switch or create a workspace",
    });
    expect(trigger.textContent).toBe("Family");
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(trigger.dataset.testid).toBe("workspace-switcher");
    expect(imports.menu).toBe(0);
    expect(screen.queryByRole("menu")).toBeNull();

    act(() => {
      fireEvent.click(trigger);
    });
    const menu = await screen.findByRole("menu");
    expect(imports.menu).toBe(1);
    const options = within(menu).getAllByRole("menuitemradio");
    expect(options.map((o) => o.textContent)).toEqual(["Personal(Owner)", "Family"]);
    expect(options[1]!.getAttribute("aria-checked")).toBe("true");
    // focus is on the first item, as after opening a menu button with the keyboard
    expect(document.activeElement).toBe(options[0]);
    // the real trigger has the stand-in's name and now says the menu is open
    const real = screen.getByRole("button", {
      name: "Workspace: Family. Switch or create a workspace",
      hidden: true,
    });
    expect(real.getAttribute("aria-expanded")).toBe("true");

    act(() => {
      fireEvent.click(options[0]!);
    });
    expect(state.switchWorkspace).toHaveBeenCalledWith(personal.id);
  });

  it("names the trigger while the list loads, and shows nothing when signed out", () => {
    const { unmount } = renderSwitcher(workspaces({ status: "loading", current: null }));
    expect(
      screen.getByRole("button", { name: "Workspace: Loading…. Switch or create a workspace" })
        .textContent,
    ).toBe("Loading…");
    unmount();
    renderSwitcher(workspaces({}), "signed-out");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
