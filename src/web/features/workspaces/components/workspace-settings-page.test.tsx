// @vitest-environment jsdom
import { installContractServer } from "~/test/msw";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_WORKSPACE_KEY } from "~/lib/storage-keys";
import {
  apiError,
  invitation,
  ME,
  member,
  serveWorkspaces,
  ws,
  type FakeState,
} from "../test/workspace-api";
import { renderWithWorkspaces } from "../test/render";
import { WorkspaceSettingsPage } from "./workspace-settings-page";

installContractServer();

const FAMILY = ws("aa", "Family Zakat");
const PERSONAL = ws("bb", "Personal");

const me = member("01", { userId: ME, email: "me@example.org", fullName: "Amina", role: "owner" });
const co = member("02", { email: "co@example.org", fullName: "Bilal", role: "owner" });
const plain = member("03", { email: "yusuf@example.org", role: "member" });

function ownerState(overrides: Partial<FakeState> = {}): FakeState {
  return {
    workspaces: [{ ...PERSONAL }, { ...FAMILY }],
    members: { [FAMILY.id]: [me, co, plain], [PERSONAL.id]: [me] },
    invitations: { [FAMILY.id]: [invitation("01", "pending@example.org")] },
    ...overrides,
  };
}

function memberState(): FakeState {
  return {
    workspaces: [{ ...PERSONAL }, { ...FAMILY, role: "member" }],
    members: {
      [FAMILY.id]: [{ ...me, role: "member" }, co, plain],
      [PERSONAL.id]: [me],
    },
    invitations: {},
  };
}

function renderSettings(at = "/workspace-settings") {
  return renderWithWorkspaces(at, {
    "/workspace-settings": <WorkspaceSettingsPage />,
    "/fr/workspace-settings": <WorkspaceSettingsPage />,
  });
}

const location = () => screen.getByTestId("location").textContent;
const current = () => screen.getByTestId("current").textContent;
const rows = () => screen.getAllByTestId("member-row");
const rowOf = (text: string) => rows().find((r) => r.textContent?.includes(text))!;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(CURRENT_WORKSPACE_KEY, FAMILY.id);
});
afterEach(() => {
  toast.dismiss(); // sonner replays active toasts to the next test's toaster
  cleanup();
  vi.unstubAllGlobals();
});

describe("WorkspaceSettingsPage, owner", () => {
  it("shows the name with an edit button, the role, every member, the invite form, pending invitations and the danger zone", async () => {
    serveWorkspaces(ownerState());
    renderSettings();
    expect(screen.getByText("Loading your workspace…")).toBeTruthy();
    expect(await screen.findByTestId("workspace-settings-name")).toHaveProperty(
      "textContent",
      "Family Zakat",
    );
    expect(screen.getByRole("button", { name: "Edit workspace name" })).toBeTruthy();
    expect(screen.getByTestId("workspace-settings-role").textContent).toBe("Owner");

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText("3 members")).toBeTruthy();
    // name, e-mail, role, joined; a member without a name shows the e-mail as name
    const mine = rowOf("Amina");
    expect(mine.textContent).toContain("(you)");
    expect(within(mine).getByTestId("member-email").textContent).toBe("me@example.org");
    expect(within(mine).getByTestId("member-role").textContent).toBe("Owner");
    expect(mine.textContent).toContain("3 February 2025");
    expect(within(rowOf("yusuf@")).getByTestId("member-name").textContent).toBe(
      "yusuf@example.org",
    );
    expect(within(rowOf("yusuf@")).getByTestId("member-role").textContent).toBe("Member");

    // never a remove button on an owner; the other owner cannot be demoted by me
    expect(within(mine).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(rowOf("Bilal")).queryByRole("button")).toBeNull();
    expect(within(rowOf("yusuf@")).getByRole("button", { name: "Remove yusuf@example.org" }));
    expect(within(rowOf("yusuf@")).getByRole("button", { name: "Make owner: yusuf@example.org" }));
    // two owners: I may step down
    expect(within(mine).getByRole("button", { name: "Step down to member" })).toBeTruthy();

    expect(screen.getByRole("heading", { name: "Invite a member" })).toBeTruthy();
    expect(await screen.findByText("pending@example.org")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Danger zone" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete workspace" })).toBeTruthy();
    // not the last owner: leaving is allowed
    expect(screen.getByTestId("leave-workspace").hasAttribute("disabled")).toBe(false);
  });

  it("the last owner cannot leave and cannot step down", async () => {
    serveWorkspaces(ownerState({ members: { [FAMILY.id]: [me, plain] } }));
    renderSettings();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const leave = screen.getByTestId("leave-workspace");
    await waitFor(() => expect(leave.hasAttribute("disabled")).toBe(true));
    expect(screen.getByTestId("last-owner-note").textContent).toMatch(/only owner/);
    expect(leave.getAttribute("aria-describedby")).toBe(screen.getByTestId("last-owner-note").id);
    expect(within(rowOf("Amina")).queryByRole("button")).toBeNull();
  });

  it("renames in place: Enter saves the trimmed name, blank cannot be saved", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit workspace name" }));
    const input = screen.getByLabelText("Workspace name") as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("Family Zakat");
    const save = screen.getByRole("button", { name: "Save" });

    fireEvent.change(input, { target: { value: "   " } });
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.submit(input.form!);
    expect(await screen.findByText("Workspace name is required")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    fireEvent.change(input, { target: { value: "  Family Fund " } });
    expect(save.hasAttribute("disabled")).toBe(false);
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.submit(input.form!); // jsdom does not submit on Enter by itself
    await waitFor(() =>
      expect(screen.getByTestId("workspace-settings-name").textContent).toBe("Family Fund"),
    );
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { name: "Family Fund" },
    ]);
    expect(await screen.findByText("Workspace updated successfully")).toBeTruthy();
    // the switcher's list follows
    expect(current()).toBe("Family Fund");
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Edit workspace name" }),
    );
  });

  it("Escape cancels the rename without a request and gives focus back to Edit", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit workspace name" }));
    const input = screen.getByLabelText("Workspace name");
    fireEvent.change(input, { target: { value: "Something else" } });
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByLabelText("Workspace name")).toBeNull();
    expect(screen.getByTestId("workspace-settings-name").textContent).toBe("Family Zakat");
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Edit workspace name" }),
    );
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });

  it("deletes only once the typed text equals the name exactly, then opens /dashboard in the first remaining workspace", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Delete workspace" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Delete “Family Zakat”?")).toBeTruthy();
    const typed = within(dialog).getByLabelText("Type Family Zakat to confirm");
    expect(document.activeElement).toBe(typed);
    const confirm = within(dialog).getByRole("button", { name: "Delete workspace" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    for (const near of ["family zakat", "Family Zakat ", " Family Zakat", "Family"]) {
      fireEvent.change(typed, { target: { value: near } });
      expect(confirm.hasAttribute("disabled"), near).toBe(true);
    }
    fireEvent.submit(typed.closest("form")!);
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    fireEvent.change(typed, { target: { value: "Family Zakat" } });
    expect(confirm.hasAttribute("disabled")).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(location()).toBe("/dashboard"));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/workspaces/${FAMILY.id}`,
    ]);
    expect(current()).toBe("Personal");
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBe(PERSONAL.id);
    expect(await screen.findByText("Workspace deleted successfully")).toBeTruthy();
    // deleting is not losing access: no such warning
    expect(screen.queryByText(/no longer have access/)).toBeNull();
  });

  it("deleting the only workspace clears the choice", async () => {
    serveWorkspaces(ownerState({ workspaces: [{ ...FAMILY }] }));
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Delete workspace" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Family Zakat" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete workspace" }));
    await waitFor(() => expect(location()).toBe("/dashboard"));
    await waitFor(() => expect(current()).toBe("none"));
    expect(localStorage.getItem(CURRENT_WORKSPACE_KEY)).toBeNull();
  });

  it("closing the delete dialog forgets the typed text", async () => {
    serveWorkspaces(ownerState());
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Delete workspace" }));
    let dialog = await screen.findByRole("alertdialog");
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Family Zakat" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Delete workspace" }));
    dialog = await screen.findByRole("alertdialog");
    expect((within(dialog).getByRole("textbox") as HTMLInputElement).value).toBe("");
    expect(
      within(dialog).getByRole("button", { name: "Delete workspace" }).hasAttribute("disabled"),
    ).toBe(true);
  });

  it("removes a member after the confirmRemoveMember confirmation; Cancel sends nothing", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const remove = () => screen.getByRole("button", { name: "Remove yusuf@example.org" });

    fireEvent.click(remove());
    let dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(/Are you sure you want to remove this member from the workspace\?/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    fireEvent.click(remove());
    dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/workspaces/${FAMILY.id}/members/${plain.id}`,
    ]);
    expect(await screen.findByText("Member removed successfully")).toBeTruthy();
  });

  it("a refused removal says why", async () => {
    const state = ownerState();
    serveWorkspaces(state);
    renderSettings();
    await waitFor(() => expect(rows()).toHaveLength(3));
    // the member became an owner meanwhile (another owner's tab): the server refuses
    state.members[FAMILY.id] = [me, co, { ...plain, role: "owner" }];
    fireEvent.click(screen.getByRole("button", { name: "Remove yusuf@example.org" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }),
    );
    expect(
      await screen.findByText("An owner cannot be removed or made a member by someone else."),
    ).toBeTruthy();
  });

  it("makes a member owner after confirmation", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: "Make owner: yusuf@example.org" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Make owner" }));
    await waitFor(() =>
      expect(within(rowOf("yusuf@")).getByTestId("member-role").textContent).toBe("Owner"),
    );
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { role: "owner" },
    ]);
    // an owner now: no remove button any more
    expect(within(rowOf("yusuf@")).queryByRole("button")).toBeNull();
  });

  it("cancels a pending invitation", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    fireEvent.click(
      await screen.findByRole("button", { name: "Cancel the invitation of pending@example.org" }),
    );
    expect(await screen.findByText("No pending invitations.")).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe(
      `/api/workspaces/${FAMILY.id}/invitations/${invitation("01", "x").id}`,
    );
    expect(await screen.findByText("Invitation cancelled")).toBeTruthy();
  });

  it("shows the members' loading error with a retry", async () => {
    const state = ownerState({ failMembers: 500 });
    serveWorkspaces(state);
    renderSettings();
    expect(await screen.findByText("Failed to load members", {}, { timeout: 4000 })).toBeTruthy();
    state.failMembers = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

describe("WorkspaceSettingsPage, invite form", () => {
  async function ready() {
    await screen.findByRole("heading", { name: "Invite a member" });
    return {
      email: screen.getByLabelText("E-mail address") as HTMLInputElement,
      role: screen.getByLabelText("Role") as HTMLSelectElement,
      send: screen.getByRole("button", { name: "Send invitation" }),
    };
  }
  const posts = (calls: { method: string; body: unknown }[]) =>
    calls.filter((c) => c.method === "POST").map((c) => c.body);

  it("Send is disabled while the e-mail is empty; a malformed address is refused before any request", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    const { email, role, send } = await ready();
    expect(role.value).toBe("member");
    expect(send.hasAttribute("disabled")).toBe(true);
    fireEvent.change(email, { target: { value: "   " } });
    expect(send.hasAttribute("disabled")).toBe(true);
    fireEvent.change(email, { target: { value: "not-an-address" } });
    expect(send.hasAttribute("disabled")).toBe(false);
    fireEvent.click(send);
    expect(await screen.findByText("Enter a valid e-mail address")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(posts(calls)).toEqual([]);
  });

  it("refuses an address longer than the invitation request allows (254) before any request", async () => {
    const { calls } = serveWorkspaces(ownerState());
    renderSettings();
    const { email, send } = await ready();
    // 255 characters, a well-formed address otherwise (labels of at most 63)
    const long = `user@${["a", "b", "c"].map((c) => c.repeat(63)).join(".")}.${"d".repeat(54)}.org`;
    fireEvent.change(email, { target: { value: long } });
    fireEvent.click(send);
    // the schema's limit, said by the general text (decision 067)
    expect(await screen.findByText("Enter at most 254 characters.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("sends the trimmed address with the chosen role and the page language, disabled while sending, then lists the invitation", async () => {
    let release!: () => void;
    const state = ownerState({ holdInvite: new Promise<void>((r) => (release = r)) });
    const { calls } = serveWorkspaces(state);
    renderSettings();
    const { email, role, send } = await ready();
    fireEvent.change(email, { target: { value: "  new@example.org " } });
    fireEvent.change(role, { target: { value: "owner" } });
    fireEvent.click(send);
    const busy = await screen.findByRole("button", { name: "Sending…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    await act(async () => release());
    expect((await screen.findByTestId("invite-outcome")).textContent).toBe(
      "An invitation was sent to new@example.org.",
    );
    expect(posts(calls)).toEqual([{ email: "new@example.org", role: "owner", language: "en" }]);
    expect(await screen.findByText("Invitation sent successfully")).toBeTruthy();
    expect(await screen.findByText("new@example.org")).toBeTruthy();
    expect(email.value).toBe("");
    expect(role.value).toBe("member");
  });

  it("warns when the invitation e-mail could not be sent (spec §8), the invitation kept", async () => {
    serveWorkspaces(
      ownerState({
        invite: (body) =>
          Response.json(
            { invitation: invitation("98", body.email), emailSent: false },
            { status: 201 },
          ),
      }),
    );
    renderSettings();
    const { email, send } = await ready();
    fireEvent.change(email, { target: { value: "lost@example.org" } });
    fireEvent.click(send);
    expect(
      await screen.findByText("Invitation created but the e-mail notification failed to send"),
    ).toBeTruthy();
    expect(screen.getByTestId("invite-outcome").textContent).toMatch(
      /^The invitation for lost@example.org is saved, but the e-mail could not be sent/,
    );
    expect(screen.queryByText("Invitation sent successfully")).toBeNull();
  });

  it("invites an address with an account like any other: nobody is added to the members", async () => {
    serveWorkspaces(ownerState());
    renderSettings();
    const { email, send } = await ready();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const before = rows().length;
    fireEvent.change(email, { target: { value: "known@example.org" } });
    fireEvent.click(send);
    expect((await screen.findByTestId("invite-outcome")).textContent).toBe(
      "An invitation was sent to known@example.org.",
    );
    expect(rows()).toHaveLength(before);
    expect(screen.queryByText(/added to the workspace/)).toBeNull();
  });

  it.each([
    ["ALREADY_MEMBER", 409, "User is already a member of this workspace"],
    ["INVITATION_PENDING", 409, "An invitation has already been sent to this e-mail address"],
  ])("a %s refusal shows the catalogue's text", async (code, status, text) => {
    serveWorkspaces(ownerState({ invite: () => apiError(status, code) }));
    renderSettings();
    const { email, send } = await ready();
    fireEvent.change(email, { target: { value: "dup@example.org" } });
    fireEvent.click(send);
    expect((await screen.findByTestId("invite-error")).textContent).toBe(text);
    // the address stays for correction
    expect(email.value).toBe("dup@example.org");
  });

  it("the plan limit says so and links to /pricing", async () => {
    serveWorkspaces(ownerState({ invite: () => apiError(403, "PLAN_LIMIT_REACHED") }));
    renderSettings("/fr/workspace-settings");
    await screen.findByRole("heading", { name: "Inviter un membre" });
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), {
      target: { value: "one.more@example.org" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer l'invitation" }));
    const error = await screen.findByTestId("invite-error");
    expect(error.textContent).toMatch(/Votre formule ne permet pas d'inviter/);
    expect(
      within(error).getByRole("link", { name: "Voir les formules" }).getAttribute("href"),
    ).toBe("/fr/pricing");
  });
});

describe("WorkspaceSettingsPage, member", () => {
  it("shows the members list and the role, nothing owner-only, and never asks for invitations", async () => {
    const { calls } = serveWorkspaces(memberState());
    renderSettings();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId("workspace-settings-name").textContent).toBe("Family Zakat");
    expect(screen.getByTestId("workspace-settings-role").textContent).toBe("Member");
    expect(screen.queryByRole("button", { name: "Edit workspace name" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Invite a member" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Pending invitations" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Danger zone" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove|Make owner|Step down/ })).toBeNull();
    expect(calls.some((c) => c.path.endsWith("/invitations"))).toBe(false);
    expect(screen.getByTestId("leave-workspace").hasAttribute("disabled")).toBe(false);
  });

  it("leaves after confirmation: /dashboard in the first remaining workspace", async () => {
    const { calls } = serveWorkspaces(memberState());
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Leave workspace" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Leave “Family Zakat”?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave workspace" }));
    await waitFor(() => expect(location()).toBe("/dashboard"));
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe(
      `/api/workspaces/${FAMILY.id}/members/me`,
    );
    expect(current()).toBe("Personal");
    expect(await screen.findByText("You left the workspace")).toBeTruthy();
    expect(screen.queryByText(/no longer have access/)).toBeNull();
  });
});

describe("WorkspaceSettingsPage, no workspace", () => {
  it("shows the no-workspace message with a way to create one", async () => {
    serveWorkspaces({ workspaces: [], members: {}, invitations: {} });
    renderSettings();
    expect(await screen.findByText("No workspace selected")).toBeTruthy();
    expect(screen.getByText(/You have no workspace yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });
});
