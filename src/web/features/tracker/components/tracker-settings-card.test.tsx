// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TrackerSettings } from "#contracts/zakat.ts";
import { apiCalls, apiError, installContractServer, route, serve } from "~/test/msw";
import { spyOnToasts } from "~/test/toasts";
import { updateTrackerSettings } from "../api/tracker-api";
import { renderTracker } from "../test/render";
import { workspaceId } from "../test/tracker-api";
import { TrackerSettingsCard } from "./tracker-settings-card";

installContractServer();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const settings: TrackerSettings = { hawlRule: "majority", yearBasis: "hijri", currency: "EUR" };

/** The card saving through the real request, as the nisab page does. */
function renderCard(at = "/nisab") {
  renderTracker(
    at,
    <TrackerSettingsCard
      settings={settings}
      onSave={async (next) => {
        await updateTrackerSettings(workspaceId, next);
      }}
    />,
  );
  return screen.getByTestId("tracker-settings");
}

describe("TrackerSettingsCard", () => {
  it("sends the three settings once one changed, and says it saved", async () => {
    const toasts = spyOnToasts();
    serve(
      route("patch", "/api/workspaces/{ws}/zakat/settings", ({ body }) =>
        Response.json({ ...settings, ...(body as Partial<TrackerSettings>) }),
      ),
    );
    const card = renderCard();
    const save = within(card).getByRole("button", { name: "Save settings" });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.click(within(card).getByRole("radio", { name: /Gregorian year/ }));
    fireEvent.change(within(card).getByLabelText("Currency of amounts"), {
      target: { value: "GBP" },
    });
    expect(save).toHaveProperty("disabled", false);
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith("Settings saved"));
    expect(apiCalls()[0]).toMatchObject({
      method: "PATCH",
      body: { hawlRule: "majority", yearBasis: "gregorian", currency: "GBP" },
    });
  });

  it("a server's refusal of a field lands on that field, in the card's language", async () => {
    serve(
      route("patch", "/api/workspaces/{ws}/zakat/settings", () =>
        // what the server's zod says of a currency outside its list (http/validation.ts)
        apiError(400, "VALIDATION_FAILED", "Validation failed.", {
          currency: 'Invalid option: expected one of "EUR"|"USD"',
        }),
      ),
    );
    const card = renderCard("/fr/nisab");
    fireEvent.change(within(card).getByLabelText("Devise des montants"), {
      target: { value: "GBP" },
    });
    fireEvent.click(within(card).getByRole("button", { name: "Enregistrer les paramètres" }));
    const currency = within(card).getByLabelText("Devise des montants");
    await waitFor(() => expect(currency.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${currency.id}-error`)?.textContent).toBe(
      "Cette valeur n’est pas valide.",
    );
    expect(currency.getAttribute("aria-describedby")).toContain(`${currency.id}-error`);
    expect(document.activeElement).toBe(currency);
    // placed on its field: nothing more to say above the button
    expect(within(card).queryByTestId("settings-error")).toBeNull();
  });

  it("a refusal that names no field of the card is said above the button", async () => {
    serve(
      route("patch", "/api/workspaces/{ws}/zakat/settings", () =>
        apiError(400, "VALIDATION_FAILED", "Validation failed.", { hawlRule: "invalid", x: "y" }),
      ),
    );
    const card = renderCard();
    fireEvent.click(within(card).getByRole("radio", { name: /Hanafi/ }));
    fireEvent.click(within(card).getByRole("button", { name: "Save settings" }));
    expect((await within(card).findByTestId("settings-error")).textContent).toBe(
      "Some fields are not valid. Check them and try again.",
    );
    // the part that names a field is still said on it
    const hanafi = within(card).getByRole("radio", { name: /Hanafi/ });
    expect(hanafi.getAttribute("aria-invalid")).toBe("true");
    expect(hanafi.closest("fieldset")!.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(card).getByText("This value is not valid.")).toBeTruthy();
  });
});
