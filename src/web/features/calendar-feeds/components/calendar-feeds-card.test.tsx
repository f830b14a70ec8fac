// @vitest-environment jsdom
import { installContractServer } from "~/test/msw";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CURRENT_WORKSPACE_KEY } from "~/lib/storage-keys";
import {
  apiError,
  ME,
  member,
  serveWorkspaces,
  ws,
  type FakeState,
} from "~/features/workspaces/test/workspace-api";
import { renderWithWorkspaces } from "~/features/workspaces/test/render";
import { WorkspaceSettingsPage } from "~/features/workspaces/test/render";

installContractServer();

// The "Calendar feeds" card of workspace settings (issue 15), against the fake workspace API.

const FAMILY = ws("aa", "Family Zakat");
const me = member("01", { userId: ME, email: "me@example.org", fullName: "Amina", role: "owner" });

function state(overrides: Partial<FakeState> = {}): FakeState {
  return {
    workspaces: [{ ...FAMILY }],
    members: { [FAMILY.id]: [me] },
    invitations: {},
    ...overrides,
  };
}

function renderSettings(at = "/workspace-settings") {
  return renderWithWorkspaces(at, {
    "/workspace-settings": <WorkspaceSettingsPage />,
    "/fr/workspace-settings": <WorkspaceSettingsPage />,
    "/nl/workspace-settings": <WorkspaceSettingsPage />,
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(CURRENT_WORKSPACE_KEY, FAMILY.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CalendarFeedsCard", () => {
  it("creates a feed in the page's language, shows its URL once with copy, webcal and instructions, and lists it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { calls } = serveWorkspaces(state());
    renderSettings();
    expect(await screen.findByTestId("calendar-feeds-empty")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create a calendar link" }));
    const created = await screen.findByTestId("calendar-feed-created");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { language: "en" },
    ]);
    const url = within(created).getByLabelText("Calendar link") as HTMLInputElement;
    expect(url.value).toMatch(/\/calendar\.ics\?token=t{43}$/);
    expect(
      within(created)
        .getByRole("link", { name: /Apple Calendar or Outlook/ })
        .getAttribute("href"),
    ).toMatch(/^webcal:\/\//);
    expect(created.textContent).toMatch(/Google Calendar/);
    expect(created.textContent).toMatch(/Outlook: Add calendar/);
    fireEvent.click(within(created).getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url.value));
    await waitFor(() => expect(screen.getAllByTestId("calendar-feed-row")).toHaveLength(1));
    expect(screen.getByTestId("calendar-feed-row").textContent).toMatch(/Created on .*By you/);
  });

  it("a plan limit says so and links to /pricing (French)", async () => {
    serveWorkspaces(
      state({ createFeed: () => apiError(403, "PLAN_LIMIT_REACHED", "Your plan allows 1") }),
    );
    renderSettings("/fr/workspace-settings");
    await screen.findByTestId("calendar-feeds-empty");
    fireEvent.click(screen.getByRole("button", { name: "Créer un lien de calendrier" }));
    const error = await screen.findByTestId("calendar-feed-error");
    expect(error.textContent).toMatch(/Votre formule n’a plus d’intégration de calendrier/);
    expect(
      within(error).getByRole("link", { name: "Voir les formules" }).getAttribute("href"),
    ).toBe("/fr/pricing");
  });

  it.each([
    [
      "/workspace-settings",
      /^Your plan has no calendar integration left.* The Pro plan has no limit\.$/,
    ],
    [
      "/fr/workspace-settings",
      /^Votre formule n’a plus d’intégration de calendrier.* La formule Pro n’a pas de limite\.$/,
    ],
    ["/nl/workspace-settings", /.* Het Pro-abonnement heeft geen limiet\.$/],
  ])(
    "%s: the plan's limit is said at the button, disabled, before it is pressed (issue 30)",
    async (at, reason) => {
      const { calls } = serveWorkspaces(
        state({
          plan: "standard",
          usage: [{ feature: "calendarIntegrations", used: 4, limit: 4 }],
        }),
      );
      renderSettings(at);
      const note = await screen.findByTestId("calendar-feed-plan-block");
      expect(within(note).getByText(/./, { selector: "p" }).textContent).toMatch(reason);
      const button = screen.getByTestId("create-calendar-feed") as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute("aria-describedby")).toBe("calendar-feed-plan-block");
      expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    },
  );

  it("revokes after confirmation; Cancel sends nothing", async () => {
    const feed = {
      id: "30000000-0000-4000-8000-000000000001",
      language: "nl" as const,
      createdAt: "2025-03-03T10:00:00.000Z",
      createdByName: "Bilal",
      createdByMe: false,
      canRevoke: true,
    };
    const { calls } = serveWorkspaces(state({ calendarFeeds: { [FAMILY.id]: [feed] } }));
    renderSettings();
    const row = await screen.findByTestId("calendar-feed-row");
    expect(row.textContent).toMatch(/By Bilal · Dutch/);
    const revoke = within(row).getByRole("button", { name: /Revoke the calendar link created on/ });
    fireEvent.click(revoke);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(screen.getByTestId("calendar-feed-row")).getByRole("button"));
    fireEvent.click(await screen.findByTestId("revoke-calendar-feed-dialog-confirm"));
    await waitFor(() => expect(screen.queryByTestId("calendar-feed-row")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/workspaces/${FAMILY.id}/calendar-feeds/${feed.id}`,
    ]);
    expect(await screen.findByTestId("calendar-feeds-empty")).toBeTruthy();
  });

  it("a feed the viewer may not revoke has no revoke button", async () => {
    serveWorkspaces(
      state({
        calendarFeeds: {
          [FAMILY.id]: [
            {
              id: "30000000-0000-4000-8000-000000000002",
              language: "en",
              createdAt: "2025-03-03T10:00:00.000Z",
              createdByName: null,
              createdByMe: false,
              canRevoke: false,
            },
          ],
        },
      }),
    );
    renderSettings();
    const row = await screen.findByTestId("calendar-feed-row");
    expect(within(row).queryByRole("button")).toBeNull();
  });
});
