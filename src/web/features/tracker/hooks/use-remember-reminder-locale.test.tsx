// @vitest-environment jsdom
import { cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from "#contracts/notifications.ts";
import type { SessionState } from "~/lib/use-session";
import { renderAt } from "~/features/auth/test/render";
import { sessionState, withSession } from "~/features/auth/test/session";
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import { useRememberReminderLocale } from "./use-remember-reminder-locale";

// A person who never saved notification settings gets reminders in the language and time zone
// of the browser they use (issue 15); a stored choice is never overwritten.

installContractServer();
afterEach(cleanup);

function Probe() {
  useRememberReminderLocale();
  return <p>page</p>;
}

/** The stored notification settings: GET answers them, PATCH changes them. */
function serveSettings(stored: NotificationSettings) {
  const patches: unknown[] = [];
  serve(
    route("get", "/api/me/notification-settings", () => Response.json(stored)),
    route("patch", "/api/me/notification-settings", ({ body }) => {
      patches.push(body);
      return Response.json({ ...stored, ...(body as Partial<NotificationSettings>) });
    }),
  );
  return patches;
}

function renderWith(at: string, state: SessionState) {
  return renderAt(at, { [at]: <Probe /> }, withSession(state));
}

describe("useRememberReminderLocale", () => {
  it("records the page's language and the browser's zone where none is stored, once", async () => {
    const patches = serveSettings(defaultNotificationSettings);
    renderWith("/fr/dashboard", sessionState("signed-in"));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      language: "fr",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches).toHaveLength(1);
  });

  it("never overwrites a stored choice", async () => {
    const patches = serveSettings({
      ...defaultNotificationSettings,
      language: "nl",
      timeZone: "Asia/Karachi",
    });
    renderWith("/fr/dashboard", sessionState("signed-in"));
    await waitFor(() => expect(apiCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches).toEqual([]);
  });

  it("asks nothing of a guest", async () => {
    serveSettings(defaultNotificationSettings);
    renderWith("/dashboard", sessionState("signed-out"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiCalls()).toEqual([]);
  });
});
