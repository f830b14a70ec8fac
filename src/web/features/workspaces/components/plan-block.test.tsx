// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { installContractServer } from "~/test/msw";
import { apiError, invitation, ME, member, serveWorkspaces, ws } from "../test/workspace-api";
import { renderWithWorkspaces } from "../test/render";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import { InviteCard } from "./invite-card";

installContractServer();

// Issue 30 #9: a plan's limit is said where the action is, before it is tried: the button is
// disabled, with the reason and the plan that lifts it, in words that fit a plan allowing none.

const FAMILY = ws("aa", "Family Zakat");
const me = member("01", { userId: ME, email: "me@example.org", role: "owner" });
const others = ["02", "03", "04"].map((n) =>
  member(n, { email: `p${n}@example.org`, role: "member" }),
);

const words = {
  en: {
    prefix: "",
    email: "E-mail address",
    none: "Your plan does not allow inviting people. The Standard plan allows up to 4.",
    more: /^Your plan does not allow inviting more people.* The Pro plan has no limit\.$/,
    workspaces: /^Your plan does not allow more workspaces.* The Standard plan allows up to 4\.$/,
  },
  fr: {
    prefix: "/fr",
    email: "Adresse e-mail",
    none: "Votre formule ne permet pas d’inviter des personnes. La formule Standard en permet jusqu’à 4.",
    more: /^Votre formule ne permet pas d'inviter d'autres personnes.* La formule Pro n’a pas de limite\.$/,
    workspaces:
      /^Votre formule ne permet pas d'autres espaces de travail.* La formule Standard en permet jusqu’à 4\.$/,
  },
  nl: {
    prefix: "/nl",
    email: "E-mailadres",
    none: "Je abonnement staat niet toe dat je mensen uitnodigt. Het Standaard-abonnement staat er tot 4 toe.",
    more: /^Je abonnement staat niet toe dat je meer mensen .* Het Pro-abonnement heeft geen limiet\.$/,
    workspaces:
      /^Je abonnement staat geen extra werkruimtes toe.* Het Standaard-abonnement staat er tot 4 toe\.$/,
  },
} as const;

afterEach(cleanup);

const noteText = (id: string) => within(screen.getByTestId(id)).getByText(/./, { selector: "p" });

describe.each(Object.entries(words))("plan limits at the action, %s", (_lang, w) => {
  function renderInvite() {
    const at = `${w.prefix}/settings`;
    renderWithWorkspaces(at, { [at]: <InviteCard workspace={FAMILY} /> });
  }
  async function typeAddress() {
    fireEvent.change(await screen.findByLabelText(w.email), {
      target: { value: "new@example.org" },
    });
  }

  it("Free: inviting is disabled before trying, and says the plan allows none", async () => {
    serveWorkspaces({
      workspaces: [FAMILY],
      members: { [FAMILY.id]: [me] },
      invitations: {},
      plan: "free",
    });
    renderInvite();
    await typeAddress();
    await waitFor(() => expect(screen.getByTestId("invite-plan-block")).toBeTruthy());
    expect(noteText("invite-plan-block").textContent).toBe(w.none);
    const send = screen.getByTestId("invite-submit") as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.getAttribute("aria-describedby")).toBe("invite-plan-block");
  });

  it("Standard with its 4 used in this workspace: disabled, Pro lifts it", async () => {
    serveWorkspaces({
      workspaces: [FAMILY],
      members: { [FAMILY.id]: [me, ...others] },
      invitations: { [FAMILY.id]: [invitation("01", "pending@example.org")] },
      plan: "standard",
    });
    renderInvite();
    await typeAddress();
    await waitFor(() => expect(screen.getByTestId("invite-plan-block")).toBeTruthy());
    expect(noteText("invite-plan-block").textContent).toMatch(w.more);
    expect((screen.getByTestId("invite-submit") as HTMLButtonElement).disabled).toBe(true);
  });

  it("Standard with room: the button is enabled and nothing is said", async () => {
    const served = serveWorkspaces({
      workspaces: [FAMILY],
      members: { [FAMILY.id]: [me, others[0]!] },
      invitations: {},
      plan: "standard",
    });
    renderInvite();
    await typeAddress();
    await waitFor(() => expect(served.calls.some((c) => c.path === "/api/me/plan")).toBe(true));
    await waitFor(() =>
      expect(served.calls.some((c) => c.path.endsWith("/invitations"))).toBe(true),
    );
    expect((screen.getByTestId("invite-submit") as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId("invite-plan-block")).toBeNull();
  });

  it("a refusal from the server for a plan allowing none says none, not 'more'", async () => {
    // the plan changed since the page read it: the server has the last word
    serveWorkspaces({
      workspaces: [FAMILY],
      members: { [FAMILY.id]: [me] },
      invitations: {},
      invite: () =>
        apiError(403, "PLAN_LIMIT_REACHED", "x", {
          limit: "invitations",
          plan: "free",
          limitValue: "0",
          upgradeTo: "standard",
        }),
    });
    renderInvite();
    await typeAddress();
    fireEvent.click(screen.getByTestId("invite-submit"));
    const error = await screen.findByTestId("invite-error");
    expect(within(error).getByText(/./, { selector: "p" }).textContent).toBe(
      w.none.slice(0, w.none.indexOf(".") + 1),
    );
    // issue 30: the refusal goes with the next action (another address here)
    fireEvent.change(screen.getByLabelText(w.email), { target: { value: "other@example.org" } });
    expect(screen.queryByTestId("invite-error")).toBeNull();
  });

  it("Free with its one workspace: creating is disabled, with the reason and Standard", async () => {
    serveWorkspaces({ workspaces: [FAMILY], members: {}, invitations: {}, plan: "free" });
    const at = `${w.prefix}/new`;
    renderWithWorkspaces(at, { [at]: <CreateWorkspaceDialog open onOpenChange={() => {}} /> });
    const block = await screen.findByTestId("create-workspace-plan-block");
    expect(within(block).getByText(/./, { selector: "p" }).textContent).toMatch(w.workspaces);
    fireEvent.change(screen.getByTestId("workspace-name"), { target: { value: "Clients" } });
    expect((screen.getByTestId("create-workspace-submit") as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
