// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { EmbedGeneratorPage } from "./embed-generator-page";

const routes = {
  "/embed-generator": <EmbedGeneratorPage />,
  "/fr/embed-generator": <EmbedGeneratorPage />,
};
const code = () => (screen.getByTestId("embed-code") as HTMLTextAreaElement).value;
const src = () => {
  const raw = /src="([^"]*)"/.exec(code())![1]!.replace(/&amp;/g, "&");
  return new URL(raw);
};
const style = () => /style="([^"]*)"/.exec(code())![1];
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("EmbedGeneratorPage", () => {
  it("starts from the spec's defaults, in the page's language", async () => {
    renderAt("/fr/embed-generator", routes);
    await act(async () => {});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Intégrer le calculateur de zakat",
    );
    expect((screen.getByLabelText("Langue") as HTMLSelectElement).value).toBe("fr");
    expect((screen.getByLabelText("Devise") as HTMLSelectElement).value).toBe("EUR");
    expect((screen.getByTestId("embed-primary-color") as HTMLInputElement).value).toBe("#80009e");
    expect((screen.getByTestId("embed-accent-color") as HTMLInputElement).value).toBe("#b68802");
    expect((screen.getByTestId("embed-width") as HTMLInputElement).value).toBe("100%");
    expect((screen.getByTestId("embed-height") as HTMLInputElement).value).toBe("800px");
    expect(src().origin).toBe(window.location.origin);
    expect(src().pathname).toBe("/embed/calculator");
    expect(Object.fromEntries(src().searchParams)).toEqual({
      lang: "fr",
      currency: "EUR",
      primaryColor: "#80009e",
      accentColor: "#b68802",
    });
    expect(style()).toBe("width:100%;height:800px;border:0");
    expect(code()).toContain('title="Calculateur de zakat"');
    // the one-line host script that sizes the frame to its content (issue 30 #10, decision 054)
    expect(code()).toContain(
      `<script src="${window.location.origin}/embed/resize.js" async></script>`,
    );
    // the live preview, 700px high, shows the same options
    const preview = screen.getByTestId("embed-preview") as HTMLIFrameElement;
    expect(preview.style.height).toBe("700px");
    expect(preview.getAttribute("src")).toBe(
      "/embed/calculator?lang=fr&currency=EUR&primaryColor=%2380009e&accentColor=%23b68802",
    );
    // anonymous: no banner to the manager
    expect(screen.queryByTestId("embed-manager-banner")).toBeNull();
  });

  it("puts the chosen options into the code and the preview", async () => {
    vi.useFakeTimers();
    renderAt("/embed-generator", routes);
    await act(async () => {});
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "nl" } });
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "USD" } });
    type("embed-primary-color", "#0A6");
    type("embed-accent-color", "123abc");
    expect(Object.fromEntries(src().searchParams)).toEqual({
      lang: "nl",
      currency: "USD",
      primaryColor: "#0a6",
      accentColor: "#123abc",
    });
    expect(code()).toContain('title="Zakatcalculator"');
    // the preview follows once the typing has stopped
    const preview = () => screen.getByTestId("embed-preview").getAttribute("src");
    expect(preview()).toContain("lang=en");
    act(() => vi.advanceTimersByTime(400));
    expect(preview()).toBe(
      "/embed/calculator?lang=nl&currency=USD&primaryColor=%230a6&accentColor=%23123abc",
    );
  });

  it("accepts CSS units, refuses anything else and advises 700px at least", async () => {
    renderAt("/embed-generator", routes);
    await act(async () => {});
    type("embed-width", "40rem");
    type("embed-height", " 90VH ");
    expect(style()).toBe("width:40rem;height:90vh;border:0");
    type("embed-height", "750");
    expect(style()).toBe("width:40rem;height:750px;border:0");
    expect(screen.queryByText(/Below 700px/)).toBeNull();

    type("embed-height", "600px");
    expect(style()).toBe("width:40rem;height:600px;border:0");
    expect(
      screen.getByText("Below 700px, your visitors will have to scroll inside the calculator."),
    ).toBeTruthy();

    type("embed-width", "100px;background:url(x)");
    const width = screen.getByTestId("embed-width");
    expect(width.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a CSS length such as 800px, 100% or 50rem.").id).toBe(
      width.getAttribute("aria-describedby")!.split(" ")[1],
    );
    // the code keeps a valid size: the default
    expect(style()).toBe("width:100%;height:600px;border:0");

    type("embed-primary-color", "purple");
    expect(screen.getByTestId("embed-primary-color").getAttribute("aria-invalid")).toBe("true");
    expect(src().searchParams.get("primaryColor")).toBe("#80009e");

    fireEvent.click(screen.getByRole("button", { name: "Back to the defaults" }));
    expect(style()).toBe("width:100%;height:800px;border:0");
    expect(screen.getByTestId("embed-primary-color").getAttribute("aria-invalid")).toBeNull();
  });

  it("never puts a pay button in the code: it points to a managed embed (decision 049)", async () => {
    renderAt("/embed-generator", routes);
    await act(async () => {});
    expect(src().searchParams.has("cta")).toBe(false);
    expect(src().searchParams.has("org")).toBe(false);
    expect(screen.queryByTestId("embed-cta-url")).toBeNull();
    expect(screen.queryByTestId("embed-cta-organisation")).toBeNull();
    const note = screen.getByTestId("embed-cta-managed");
    expect(note.querySelector("a")?.getAttribute("href")).toBe("/embed-manager");
  });

  it("copies the code and says so for 2000 ms", async () => {
    vi.useFakeTimers();
    renderAt("/embed-generator", routes);
    await act(async () => {});
    const button = screen.getByTestId("embed-code-copy");
    expect(button.textContent).toBe("Copy code");
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(code());
    expect(button.textContent).toBe("Copied!");
    // announced to screen readers too
    expect(screen.getAllByRole("status").some((s) => s.textContent === "Copied!")).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(button.textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe("Copy code");
  });

  it("a second copy restarts the 2000 ms", async () => {
    vi.useFakeTimers();
    renderAt("/embed-generator", routes);
    await act(async () => {});
    const button = screen.getByTestId("embed-code-copy");
    await act(async () => {
      fireEvent.click(button);
    });
    act(() => vi.advanceTimersByTime(1500));
    await act(async () => {
      fireEvent.click(button);
    });
    act(() => vi.advanceTimersByTime(1500));
    expect(button.textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(500));
    expect(button.textContent).toBe("Copy code");
  });

  it("a failed copy is only logged, and the code is selected for a manual copy", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/embed-generator", routes);
    await act(async () => {});
    await act(async () => {
      fireEvent.click(screen.getByTestId("embed-code-copy"));
    });
    expect(log).toHaveBeenCalled();
    expect(screen.getByTestId("embed-code-copy").textContent).toBe("Copy code");
    expect(document.activeElement).toBe(screen.getByTestId("embed-code"));
    log.mockRestore();
  });

  it("shows signed-in people the banner to the embed manager", async () => {
    const session = { status: "signed-in", user: { id: "u1" } } as unknown as SessionState;
    renderAt("/fr/embed-generator", routes, (c) => (
      <SessionContext.Provider value={session}>{c}</SessionContext.Provider>
    ));
    await act(async () => {});
    const banner = screen.getByTestId("embed-manager-banner");
    expect(banner.querySelector("a")!.getAttribute("href")).toBe("/fr/embed-manager");
  });
});
