// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { defaultNotificationSettings } from "#contracts/notifications.ts";
import { renderAt } from "~/features/auth/test/render";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import { NotificationSettingsForm } from "./notification-settings-form";

installContractServer();
afterEach(cleanup);

function serveRefusal(fields: Record<string, string>) {
  serve(
    route("get", "/api/me/notification-settings", () => Response.json(defaultNotificationSettings)),
    route("patch", "/api/me/notification-settings", () =>
      apiError(400, "VALIDATION_FAILED", "Validation failed.", fields),
    ),
  );
}

describe("NotificationSettingsForm", () => {
  it("a server's refusal of a box lands on that box, in the form's language", async () => {
    serveRefusal({ monthlyReviews: "Invalid input: expected boolean, received string" });
    renderAt("/nl/profile", { "/nl/profile": <NotificationSettingsForm /> });
    const monthly = await screen.findByRole("checkbox", { name: /Maandelijkse/ });
    fireEvent.click(monthly);
    fireEvent.click(screen.getByRole("button", { name: "Opslaan" }));
    await waitFor(() => expect(monthly.getAttribute("aria-invalid")).toBe("true"));
    const [help, error] = monthly.getAttribute("aria-describedby")!.split(" ");
    expect(document.getElementById(help!)?.textContent).toBeTruthy();
    expect(document.getElementById(error!)?.textContent).toBe("Deze waarde is niet geldig.");
    expect(document.activeElement).toBe(monthly);
    expect(screen.queryByTestId("notification-settings-save-error")).toBeNull();
  });

  it("a refusal of what the page adds (its time zone) is said above the buttons", async () => {
    serveRefusal({ timeZone: "invalid_time_zone" });
    renderAt("/profile", { "/profile": <NotificationSettingsForm /> });
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByTestId("notification-settings-save-error")).textContent).toBe(
      "Your notification settings could not be saved. Please try again.",
    );
    expect(screen.queryAllByRole("checkbox").some((box) => box.hasAttribute("aria-invalid"))).toBe(
      false,
    );
  });
});
