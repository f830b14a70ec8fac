// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { apiError, installContractServer, route, serve } from "~/test/msw";
import { spyOnToasts } from "~/test/toasts";
import { makeConfig, serveEmbedConfigs } from "../test/embed-api";
import { EmbedManagerPage } from "./embed-manager-page";

let toast: ReturnType<typeof spyOnToasts>;
beforeEach(() => {
  toast = spyOnToasts();
});

installContractServer();

const routes = {
  "/embed-manager": <EmbedManagerPage />,
  "/fr/embed-manager": <EmbedManagerPage />,
  "/nl/embed-manager": <EmbedManagerPage />,
};
const cards = () => screen.getAllByTestId("embed-card");

async function renderManager(at = "/embed-manager") {
  const result = renderAt(at, routes);
  await waitFor(() => expect(screen.queryByTestId("page-spinner")).toBeNull());
  return result;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("EmbedManagerPage: cards", () => {
  it("shows name, key's first 16 characters and an ellipsis, domains, date, state", async () => {
    serveEmbedConfigs([
      makeConfig(2, { name: "Mosque", allowedDomains: ["mosque.example", "*.mosque.example"] }),
      makeConfig(1, { name: "Old site", isActive: false, allowedDomains: [] }),
    ]);
    await renderManager();
    const [first, second] = cards();
    expect(within(first!).getByTestId("embed-name").textContent).toBe("Mosque");
    expect(within(first!).getByTestId("embed-key").textContent).toBe("Key2ABCDEFGHIJKL…");
    expect(within(first!).getByTestId("embed-domains").textContent).toContain("mosque.example");
    expect(within(first!).getByTestId("embed-domains").textContent).toContain("*.mosque.example");
    expect(within(first!).getByTestId("embed-created").textContent).toBe("Created 2 March 2025");
    expect(within(first!).getByTestId("embed-status").textContent).toBe("Enabled");
    expect(within(first!).getByTestId("embed-toggle").textContent).toBe("Disable");
    expect(first!.className).not.toContain("opacity-60");
    // inactive: dimmed, with Enable
    expect(second!.getAttribute("data-active")).toBe("false");
    expect(second!.className).toContain("opacity-60");
    expect(within(second!).getByTestId("embed-toggle").textContent).toBe("Enable");
    expect(within(second!).getByTestId("embed-no-domains")).toBeTruthy();
  });

  it("enables and disables a configuration", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    await renderManager();
    fireEvent.click(screen.getByTestId("embed-toggle"));
    await waitFor(() => expect(cards()[0]!.getAttribute("data-active")).toBe("false"));
    expect(server.changes()).toEqual([
      {
        method: "PATCH",
        path: `/api/embed-configs/${makeConfig(1).id}`,
        body: { isActive: false },
      },
    ]);
    // toasts load sonner on first use (components/ui/toast.ts)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Embed configuration updated"));
  });

  it("shows the saved language and currency, says which are fixed, and changes them (issue 11)", async () => {
    const server = serveEmbedConfigs([
      makeConfig(1, { config: { language: "fr", primaryColor: "#123456" } }),
    ]);
    await renderManager();
    const language = screen.getByTestId("embed-language") as HTMLSelectElement;
    const currency = screen.getByTestId("embed-currency") as HTMLSelectElement;
    expect(language.value).toBe("fr");
    expect(screen.getByTestId("embed-language-hint").dataset.fixed).toBe("true");
    expect(screen.getByTestId("embed-language-hint").textContent).toBe(
      "Fixed: every page shows this, whatever lang=… its address carries.",
    );
    expect(currency.value).toBe("open");
    expect(currency.selectedOptions[0]!.textContent).toBe(
      "Chosen by the page's address, else euro",
    );
    expect(screen.getByTestId("embed-currency-hint").dataset.fixed).toBe("false");

    fireEvent.change(currency, { target: { value: "USD" } });
    await waitFor(() =>
      expect((screen.getByTestId("embed-currency") as HTMLSelectElement).value).toBe("USD"),
    );
    fireEvent.change(screen.getByTestId("embed-language"), { target: { value: "open" } });
    await waitFor(() =>
      expect(screen.getByTestId("embed-language-hint").dataset.fixed).toBe("false"),
    );
    expect(server.changes().map((c) => c.body)).toEqual([
      { config: { language: "fr", currency: "USD", primaryColor: "#123456" } },
      { config: { currency: "USD", primaryColor: "#123456" } },
    ]);
  });

  it("shows the iframe code of a configuration, with its key only, and the host script", async () => {
    serveEmbedConfigs([makeConfig(1, { config: { language: "fr" } })]);
    await renderManager();
    const toggle = screen.getByTestId("embed-show-code");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const code = (screen.getByTestId("embed-card-code") as HTMLTextAreaElement).value;
    expect(code).toBe(
      `<iframe src="${window.location.origin}/embed/calculator?key=${makeConfig(1).embedKey}" ` +
        'style="width:100%;height:800px;border:0" title="Calculateur de zakat" loading="lazy"></iframe>\n' +
        `<script src="${window.location.origin}/embed/resize.js" async></script>`,
    );
  });

  it("shows the empty state, and the load error as a banner with a retry", async () => {
    serveEmbedConfigs([]);
    await renderManager();
    expect(screen.getByTestId("embed-empty").textContent).toContain("No embed configuration yet");
    cleanup();

    const server = serveEmbedConfigs([makeConfig(1)], { failList: true });
    renderAt("/embed-manager", routes);
    const banner = await screen.findByTestId("embed-load-error");
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.textContent).toContain("Failed to load embed configurations");
    expect(toast.error).toHaveBeenCalledWith("Failed to load embed configurations", {
      id: "embed-load-failed",
    });
    const gets = () => server.sent().filter((r) => r.method === "GET").length;
    const before = gets();
    fireEvent.click(within(banner).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });
});

describe("EmbedManagerPage: inline rename", () => {
  const start = () => {
    fireEvent.click(screen.getByRole("button", { name: "Rename Site 1" }));
    const input = screen.getByTestId("embed-rename-input") as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe("Site 1");
    return input;
  };

  it("Enter saves a changed name", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    await renderManager();
    const input = start();
    fireEvent.change(input, { target: { value: "  Mosque site " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("embed-name").textContent).toBe("Mosque site"));
    expect(server.changes()).toEqual([
      {
        method: "PATCH",
        path: `/api/embed-configs/${makeConfig(1).id}`,
        body: { name: "Mosque site" },
      },
    ]);
  });

  it("Escape cancels; an empty or unchanged name is not saved", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    await renderManager();
    let input = start();
    fireEvent.change(input, { target: { value: "Something else" } });
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByTestId("embed-rename-input")).toBeNull();
    expect(screen.getByTestId("embed-name").textContent).toBe("Site 1");

    input = start();
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByTestId("embed-name").textContent).toBe("Site 1");

    input = start();
    fireEvent.keyDown(input, { key: "Enter" });
    // leaving the field unchanged saves nothing either
    input = start();
    fireEvent.blur(input);
    await act(async () => {});
    expect(server.changes()).toEqual([]);
  });

  it("leaving the field saves a changed name, once", async () => {
    const server = serveEmbedConfigs([makeConfig(1)]);
    await renderManager();
    const input = start();
    fireEvent.change(input, { target: { value: "Blurred" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByTestId("embed-name").textContent).toBe("Blurred"));
    expect(server.changes()).toHaveLength(1);
  });
});

describe("EmbedManagerPage: add-domain dialog", () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    return screen.findByTestId("add-domain-dialog");
  }

  it("refuses invalid and duplicate domains, adds a normalised one", async () => {
    const server = serveEmbedConfigs([makeConfig(1, { allowedDomains: ["example.org"] })]);
    await renderManager();
    const dialog = await openDialog();
    const input = within(dialog).getByTestId("domain-input");
    const add = within(dialog).getByTestId("add-domain-submit");
    expect(add.hasAttribute("disabled")).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    expect(add.hasAttribute("disabled")).toBe(true);

    for (const bad of [
      "a..b",
      "-a.com",
      "x.com:8080",
      "exa mple.org",
      "192.168.1.1",
      "*.*.x.com",
    ]) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(add);
      // the check is the contract's schema, answered after the click (react-hook-form)
      expect((await within(dialog).findByTestId("domain-error")).textContent, bad).toBe(
        "Invalid domain format",
      );
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(input);
    }
    fireEvent.change(input, { target: { value: "HTTPS://Example.ORG/path" } });
    expect(within(dialog).queryByTestId("domain-error")).toBeNull();
    fireEvent.click(add);
    expect((await within(dialog).findByTestId("domain-error")).textContent).toBe(
      "This domain is already in the list",
    );
    expect(server.changes()).toEqual([]);

    fireEvent.change(input, { target: { value: "HTTPS://WWW.Example.com/path" } });
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByTestId("add-domain-dialog")).toBeNull());
    expect(server.changes()).toEqual([
      {
        method: "PATCH",
        path: `/api/embed-configs/${makeConfig(1).id}`,
        body: { allowedDomains: ["example.org", "www.example.com"] },
      },
    ]);
    expect(screen.getByTestId("embed-domains").textContent).toContain("www.example.com");
  });

  it("puts the server's refusal of the typed domain on its field, focused (decision 067)", async () => {
    serveEmbedConfigs([makeConfig(1, { allowedDomains: ["example.org"] })]);
    serve(
      route("patch", "/api/embed-configs/{id}", () =>
        apiError(400, "VALIDATION_FAILED", "Invalid body", { "allowedDomains.1": "invalid" }),
      ),
    );
    await renderManager("/fr/embed-manager");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter un domaine" }));
    const dialog = await screen.findByTestId("add-domain-dialog");
    const input = within(dialog).getByTestId("domain-input");
    fireEvent.change(input, { target: { value: "new.example" } });
    fireEvent.click(within(dialog).getByTestId("add-domain-submit"));
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    const error = within(dialog).getByTestId("domain-error");
    expect(error.textContent).toBe("Format de domaine invalide");
    expect(input.getAttribute("aria-describedby")).toContain(error.id);
    expect(document.activeElement).toBe(input);
    expect(within(dialog).queryByTestId("embed-failure")).toBeNull();
  });

  it("says the server's refusal of the whole list under the field too", async () => {
    serveEmbedConfigs([makeConfig(1)]);
    serve(
      route("patch", "/api/embed-configs/{id}", () =>
        apiError(400, "VALIDATION_FAILED", "Invalid body", { allowedDomains: "too_many" }),
      ),
    );
    await renderManager();
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    const dialog = await screen.findByTestId("add-domain-dialog");
    fireEvent.change(within(dialog).getByTestId("domain-input"), {
      target: { value: "new.example" },
    });
    fireEvent.click(within(dialog).getByTestId("add-domain-submit"));
    expect((await within(dialog).findByTestId("domain-error")).textContent).toBe(
      "A configuration may have at most 100 domains.",
    );
  });

  it("says when the plan's limit of domains is reached, with a link to the plans", async () => {
    serveEmbedConfigs([makeConfig(1)], { planLimitOnPatch: true });
    await renderManager();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByTestId("domain-input"), { target: { value: "b.org" } });
    fireEvent.click(within(dialog).getByTestId("add-domain-submit"));
    const failure = await within(dialog).findByTestId("embed-failure");
    expect(failure.textContent).toContain("Your plan's limit of embed domains is reached.");
    expect(within(failure).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/pricing",
    );
  });

  it.each([
    [
      "/embed-manager",
      /^Your plan's limit of embed domains is reached.* The Standard plan allows up to 8\.$/,
    ],
    ["/fr/embed-manager", /La formule Standard en permet jusqu’à 8\.$/],
    ["/nl/embed-manager", /Het Standaard-abonnement staat er tot 8 toe\.$/],
  ])(
    "%s: with every domain of the plan in use, Add domain is disabled with the reason and the plan that lifts it (issue 30)",
    async (at, reason) => {
      serveEmbedConfigs([makeConfig(1, { allowedDomains: ["a.org", "b.org"] })], { plan: "free" });
      await renderManager(at);
      const note = await screen.findByTestId("embed-domains-plan-block");
      expect(within(note).getByText(/./, { selector: "p" }).textContent).toMatch(reason);
      const add = screen.getByTestId("embed-add-domain") as HTMLButtonElement;
      expect(add.disabled).toBe(true);
      expect(add.getAttribute("aria-describedby")).toBe("embed-domains-plan-block");
    },
  );

  it("a new configuration may reuse a domain in use, and is told a new one does not fit (issue 30)", async () => {
    serveEmbedConfigs([makeConfig(1, { allowedDomains: ["a.org", "b.org"] })], { plan: "free" });
    await renderManager();
    await screen.findByTestId("embed-domains-plan-block");
    fireEvent.click(screen.getByTestId("embed-create"));
    const dialog = await screen.findByTestId("create-embed-dialog");
    expect(within(dialog).getByTestId("create-embed-plan-block")).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId("domain-input"), { target: { value: "c.org" } });
    fireEvent.click(within(dialog).getByTestId("domain-add"));
    expect(within(dialog).getByTestId("domain-error").textContent).toContain(
      "Your plan has no embed domain left",
    );
    fireEvent.change(within(dialog).getByTestId("domain-input"), { target: { value: "a.org" } });
    fireEvent.click(within(dialog).getByTestId("domain-add"));
    expect(within(dialog).queryByTestId("domain-error")).toBeNull();
    expect(within(dialog).getByTestId("create-domains").textContent).toContain("a.org");
  });

  it("removes a domain from its chip", async () => {
    const server = serveEmbedConfigs([makeConfig(1, { allowedDomains: ["a.org", "b.org"] })]);
    await renderManager();
    fireEvent.click(screen.getByRole("button", { name: "Remove a.org" }));
    await waitFor(() => expect(screen.getByTestId("embed-domains").textContent).toBe("b.org"));
    expect(server.changes()[0]!.body).toEqual({ allowedDomains: ["b.org"] });
  });
});

describe("EmbedManagerPage: create and delete", () => {
  it("requires a name and a domain, then creates with the display settings", async () => {
    const server = serveEmbedConfigs([]);
    await renderManager("/fr/embed-manager");
    fireEvent.click(screen.getByTestId("embed-create"));
    const dialog = await screen.findByTestId("create-embed-dialog");
    fireEvent.click(within(dialog).getByTestId("create-embed-submit"));
    expect(
      await within(dialog).findByText("Le nom de la configuration est obligatoire"),
    ).toBeTruthy();
    expect(within(dialog).getByText("Au moins un domaine est obligatoire")).toBeTruthy();
    // the first refused field has the focus, with its refusal in its description
    const name = within(dialog).getByTestId("embed-name");
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("embed-name-error");
    expect(server.changes()).toEqual([]);

    fireEvent.change(within(dialog).getByTestId("embed-name"), {
      target: { value: " Mosquée " },
    });
    const domain = within(dialog).getByTestId("domain-input");
    fireEvent.change(domain, { target: { value: "Mosquee.example" } });
    fireEvent.keyDown(domain, { key: "Enter" });
    expect(within(dialog).getByTestId("create-domains").textContent).toBe("mosquee.example");
    // the display settings are in view (issue 11: a collapsed section saved them unseen);
    // language and currency are left to the embed's address unless chosen
    const language = within(dialog).getByTestId("create-language") as HTMLSelectElement;
    expect(language.closest("details")).toBeNull();
    expect(language.value).toBe("open");
    expect(within(dialog).getByTestId("create-language-hint").textContent).toBe(
      "Non fixée\u202F: une page peut la choisir en ajoutant lang=… à l'adresse de l'intégration.",
    );
    fireEvent.change(within(dialog).getByTestId("create-currency"), {
      target: { value: "USD" },
    });
    expect(within(dialog).getByTestId("create-currency-hint").dataset.fixed).toBe("true");
    // a domain typed but not added yet is added on submit
    fireEvent.change(domain, { target: { value: "localhost" } });
    fireEvent.click(within(dialog).getByTestId("create-embed-submit"));
    await waitFor(() => expect(screen.queryByTestId("create-embed-dialog")).toBeNull());
    expect(server.changes()).toEqual([
      {
        method: "POST",
        path: "/api/embed-configs",
        body: {
          name: "Mosquée",
          allowedDomains: ["mosquee.example", "localhost"],
          config: { currency: "USD", primaryColor: "#80009e", accentColor: "#b68802" },
        },
      },
    ]);
    expect(cards()).toHaveLength(1);
    // toasts load sonner on first use (components/ui/toast.ts)
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Configuration d’intégration créée"),
    );
  });

  it("puts the server's refusal of a domain under the list, and of the name on the name", async () => {
    serveEmbedConfigs([]);
    serve(
      route("post", "/api/embed-configs", () =>
        apiError(400, "VALIDATION_FAILED", "Invalid body", {
          name: "nameRequired",
          "allowedDomains.0": "duplicate",
        }),
      ),
    );
    await renderManager();
    fireEvent.click(screen.getByTestId("embed-create"));
    const dialog = await screen.findByTestId("create-embed-dialog");
    fireEvent.change(within(dialog).getByTestId("embed-name"), { target: { value: "Site" } });
    fireEvent.change(within(dialog).getByTestId("domain-input"), { target: { value: "a.org" } });
    fireEvent.click(within(dialog).getByTestId("create-embed-submit"));
    const list = await within(dialog).findByRole("alert");
    expect(list.textContent).toBe("This domain is already in the list");
    const domain = within(dialog).getByTestId("domain-input");
    expect(domain.getAttribute("aria-describedby")).toContain(list.id);
    const name = within(dialog).getByTestId("embed-name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("embed-name-error")?.textContent).toBe(
      "Configuration name is required",
    );
    expect(document.activeElement).toBe(name);
    expect(within(dialog).queryByTestId("embed-failure")).toBeNull();
  });

  it("deletes after a confirmation", async () => {
    const server = serveEmbedConfigs([makeConfig(2), makeConfig(1)]);
    await renderManager();
    fireEvent.click(screen.getByRole("button", { name: "Delete Site 1" }));
    const dialog = await screen.findByTestId("delete-embed-dialog");
    expect(within(dialog).getByText("Delete Site 1?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.changes()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Delete Site 1" }));
    fireEvent.click(
      within(await screen.findByTestId("delete-embed-dialog")).getByTestId("delete-embed-confirm"),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId("embed-name").textContent).toBe("Site 2");
    expect(server.changes()).toEqual([
      { method: "DELETE", path: `/api/embed-configs/${makeConfig(1).id}`, body: undefined },
    ]);
    // toasts load sonner on first use (components/ui/toast.ts)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Embed configuration deleted"));
  });
});
