// @vitest-environment jsdom
import { cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from "../../../../contracts/notifications";
import { SessionContext, type SessionState } from "~/features/auth/hooks/use-session";
import { renderAt } from "~/features/auth/test/render";
import { useRememberReminderLocale } from "./use-remember-reminder-locale";

// A person who never saved notification settings gets reminders in the language and time zone
// of the browser they use (issue 15); a stored choice is never overwritten.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  useRememberReminderLocale();
  return <p>page</p>;
}

const session = (status: SessionState["status"]): SessionState => ({
  status,
  user:
    status === "signed-in"
      ? { id: "u1", email: "a@example.test", name: "A", emailVerified: true }
      : null,
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => {},
  redirecting: false,
  signingOut: false,
});

function serve(stored: NotificationSettings) {
  const patches: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as Partial<NotificationSettings>;
        patches.push(body);
        return Response.json({ ...stored, ...body });
      }
      return Response.json(stored);
    }),
  );
  return patches;
}

function renderWith(at: string, state: SessionState) {
  return renderAt(at, { [at]: <Probe /> }, (children) => (
    <SessionContext.Provider value={state}>{children}</SessionContext.Provider>
  ));
}

describe("useRememberReminderLocale", () => {
  it("records the page's language and the browser's zone where none is stored, once", async () => {
    const patches = serve(defaultNotificationSettings);
    renderWith("/fr/dashboard", session("signed-in"));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      language: "fr",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches).toHaveLength(1);
  });

  it("never overwrites a stored choice", async () => {
    const patches = serve({
      ...defaultNotificationSettings,
      language: "nl",
      timeZone: "Asia/Karachi",
    });
    renderWith("/fr/dashboard", session("signed-in"));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patches).toEqual([]);
  });

  it("asks nothing of a guest", async () => {
    serve(defaultNotificationSettings);
    renderWith("/dashboard", session("signed-out"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
