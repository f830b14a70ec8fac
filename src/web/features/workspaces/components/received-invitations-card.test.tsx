// @vitest-environment jsdom
import { installContractServer } from "~/test/msw";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { received, serveWorkspaces, ws, type FakeState } from "../test/workspace-api";
import { renderWithWorkspaces } from "../test/render";
import { ReceivedInvitationsCard } from "./received-invitations-card";

installContractServer();

const PERSONAL = ws("bb", "Personal");

function render(state: Partial<FakeState>, at = "/home") {
  const served = serveWorkspaces({
    workspaces: [{ ...PERSONAL }],
    members: {},
    invitations: {},
    ...state,
  });
  renderWithWorkspaces(at, {
    "/home": (
      <main>
        <h1>Dashboard</h1>
        <ReceivedInvitationsCard />
      </main>
    ),
    "/fr/home": (
      <main>
        <h1>Tableau de bord</h1>
        <ReceivedInvitationsCard />
      </main>
    ),
  });
  return served;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe("ReceivedInvitationsCard", () => {
  it("shows nothing when there is no invitation (nor while loading)", async () => {
    const { calls } = render({ received: [] });
    expect(screen.queryByTestId("received-invitations")).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/invitations")).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("received-invitations")).toBeNull();
  });

  it("lists each invitation in a named region with its workspace, inviter, role and expiry", async () => {
    render({
      received: [
        received("01", "Family Zakat"),
        received("02", "Book club", { role: "owner", inviter: null }),
      ],
    });
    const region = await screen.findByRole("region", { name: "Pending invitations" });
    const items = within(region).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Family Zakat"),
      expect.stringContaining("Book club"),
    ]);
    expect(items[0]!.textContent).toContain("MemberInvited by Amina Diallo");
    expect(items[1]!.textContent).toContain("Owner");
    expect(items[1]!.textContent).not.toContain("Invited by");
    expect(items[0]!.textContent).toContain("Valid until");
    expect(
      within(region).getByRole("button", { name: "Accept the invitation to “Family Zakat”" }),
    ).toBeTruthy();
    expect(
      within(region).getByRole("button", { name: "Decline the invitation to “Book club”" }),
    ).toBeTruthy();
  });

  it("accept: the workspace joins the list, the row goes and focus stays on the card", async () => {
    const state: Partial<FakeState> = {
      received: [received("01", "Family Zakat"), received("02", "Book club")],
    };
    const { calls } = render(state);
    const button = await screen.findByRole("button", {
      name: "Accept the invitation to “Family Zakat”",
    });
    fireEvent.click(button);
    expect(await screen.findByText("You joined “Family Zakat”")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("received-invitation")).toHaveLength(1));
    // focus moves once React has drawn the new list (the next frame)
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Pending invitations"));
    expect(calls.filter((c) => c.path === "/api/workspaces").length).toBeGreaterThan(1);
  });

  it("decline of the last one: the card goes and focus moves to the page heading", async () => {
    const { calls } = render({ received: [received("02", "Book club")] });
    fireEvent.click(
      await screen.findByRole("button", { name: "Decline the invitation to “Book club”" }),
    );
    expect(await screen.findByText("Invitation to “Book club” declined")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("received-invitations")).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Dashboard"));
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/decline"))).toBe(true);
  });

  it("a failed load says so with a retry; in French too", async () => {
    render({ failReceived: 500 }, "/fr/home");
    expect(await screen.findByText("Impossible de charger vos invitations")).toBeTruthy();
  });
});
