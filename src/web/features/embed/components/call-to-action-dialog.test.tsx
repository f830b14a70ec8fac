// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import { makeConfig, serveEmbedConfigs } from "../test/embed-api";
import { EmbedManagerPage } from "./embed-manager-page";

// Issue 18's pay button, on the PATCH's `callToAction` schema (decision 067): the contract's
// rules before saving, the server's refusals on the fields they name.

installContractServer();
afterEach(cleanup);

const routes = {
  "/embed-manager": <EmbedManagerPage />,
  "/fr/embed-manager": <EmbedManagerPage />,
};

async function openDialog(at = "/embed-manager") {
  renderAt(at, routes);
  fireEvent.click(await screen.findByTestId("embed-edit-cta"));
  return screen.findByTestId("cta-dialog");
}

const type = (dialog: HTMLElement, testId: string, value: string) =>
  fireEvent.change(within(dialog).getByTestId(testId), { target: { value } });

describe("the call-to-action dialog", () => {
  it("refuses what the contract refuses, each on its field, the first focused; sends nothing", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    const dialog = await openDialog("/fr/embed-manager");
    type(dialog, "cta-url", "javascript:alert(1)");
    type(dialog, "cta-label-nl", "x".repeat(81));
    fireEvent.click(within(dialog).getByTestId("cta-save"));
    const url = within(dialog).getByTestId("cta-url");
    await waitFor(() => expect(url.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${url.id}-error`)?.textContent).toBe(
      "Seuls les liens https sont acceptés.",
    );
    expect(url.getAttribute("aria-describedby")).toContain(`${url.id}-error`);
    expect(document.activeElement).toBe(url);
    const organisation = within(dialog).getByTestId("cta-organisation");
    expect(document.getElementById(`${organisation.id}-error`)?.textContent).toBe(
      "Saisissez le nom de l’organisation.",
    );
    const nl = within(dialog).getByTestId("cta-label-nl");
    expect(document.getElementById(`${nl.id}-error`)?.textContent).toBe(
      "Le texte peut compter au plus 80 caractères.",
    );
    expect(within(dialog).getByTestId("cta-label-fr").getAttribute("aria-invalid")).toBeNull();
    expect(server.changes()).toEqual([]);

    // a change puts its field's refusal away until the next save
    type(dialog, "cta-url", "javascript:still(1)");
    expect(url.getAttribute("aria-invalid")).toBeNull();
    expect(organisation.getAttribute("aria-invalid")).toBe("true");
  });

  it("saves the trimmed link and name, and only the texts typed", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    const dialog = await openDialog();
    type(dialog, "cta-url", " https://m.org/give?a={amount} ");
    expect(
      within(dialog).getByText("Visitors go to m.org. {amount} and {currency} are filled in."),
    ).toBeTruthy();
    type(dialog, "cta-organisation", " Masjid ");
    type(dialog, "cta-label-fr", " Payez ");
    fireEvent.click(within(dialog).getByTestId("cta-save"));
    await waitFor(() => expect(screen.queryByTestId("cta-dialog")).toBeNull());
    expect(server.changes().map((c) => c.body)).toEqual([
      {
        callToAction: {
          urlTemplate: "https://m.org/give?a={amount}",
          organisation: "Masjid",
          label: { fr: "Payez" },
        },
      },
    ]);
  });

  it("puts the server's refusal of a button text on that text's field", async () => {
    serveEmbedConfigs([makeConfig(1)]);
    serve(
      route("patch", "/api/embed-configs/{id}", () =>
        apiError(400, "VALIDATION_FAILED", "Invalid body", { "callToAction.label.nl": "too_long" }),
      ),
    );
    const dialog = await openDialog();
    type(dialog, "cta-url", "https://m.org");
    type(dialog, "cta-organisation", "Masjid");
    type(dialog, "cta-label-nl", "Geef");
    fireEvent.click(within(dialog).getByTestId("cta-save"));
    const nl = within(dialog).getByTestId("cta-label-nl");
    await waitFor(() => expect(nl.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${nl.id}-error`)?.textContent).toBe(
      "The text may have at most 80 characters.",
    );
    expect(document.activeElement).toBe(nl);
    expect(within(dialog).queryByTestId("embed-failure")).toBeNull();
  });

  it("removes a saved button", async () => {
    const server = serveEmbedConfigs([
      makeConfig(1, { callToAction: { urlTemplate: "https://m.org", organisation: "M" } }),
    ]);
    const dialog = await openDialog();
    expect((within(dialog).getByTestId("cta-url") as HTMLInputElement).value).toBe("https://m.org");
    fireEvent.click(within(dialog).getByTestId("cta-remove"));
    await waitFor(() => expect(screen.queryByTestId("cta-dialog")).toBeNull());
    expect(server.changes().map((c) => c.body)).toEqual([{ callToAction: null }]);
  });
});
