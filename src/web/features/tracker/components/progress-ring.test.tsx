// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import { ProgressRing } from "./progress-ring";

function renderRing(props: React.ComponentProps<typeof ProgressRing>, lang: "en" | "fr" = "en") {
  return render(
    <I18nextProvider i18n={i18nFor(lang)}>
      <ProgressRing {...props} />
    </I18nextProvider>,
  );
}

const arc = () => screen.getByTestId("progress-ring-arc");
const circumference = (size: number, stroke: number) => 2 * Math.PI * ((size - stroke) / 2);

afterEach(cleanup);

describe("ProgressRing", () => {
  it("is a labelled progressbar with the rounded percentage, 120 px and stroke 8 by default", () => {
    renderRing({ percentage: 42.6, label: "Zakat year progress" });
    const bar = screen.getByRole("progressbar", { name: "Zakat year progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("43");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(bar.getAttribute("aria-valuetext")).toBe("43% complete");
    expect(bar.style.width).toBe("120px");
    expect(bar.textContent).toBe("43%");
    expect(arc().getAttribute("stroke-width")).toBe("8");
    expect(arc().getAttribute("r")).toBe("56");
    // 43 % drawn: the dash offset leaves 57 % of the circle empty
    const c = circumference(120, 8);
    expect(Number(arc().getAttribute("stroke-dashoffset"))).toBeCloseTo(c * 0.57, 5);
  });

  // issue 30: blue on the tracker, green on the dashboard, gray when paused
  it("draws in one colour, the brand's", () => {
    renderRing({ percentage: 50, label: "p" });
    expect(arc().getAttribute("class")).toContain("stroke-brand-600");
  });

  it.each([
    [150, "100", 0],
    [-5, "0", 1],
    [Number.NaN, "0", 1],
  ])("clamps %s to 0–100", (percentage, now, emptyShare) => {
    renderRing({ percentage, label: "p", size: 80, strokeWidth: 10 });
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(now);
    expect(screen.getByRole("progressbar").style.width).toBe("80px");
    expect(Number(arc().getAttribute("stroke-dashoffset"))).toBeCloseTo(
      circumference(80, 10) * emptyShare,
      5,
    );
  });

  it("says the value in the page's language and shows what it is given in the middle", () => {
    renderRing({ percentage: 75, label: "Progression", children: <span>9 mois</span> }, "fr");
    const bar = screen.getByRole("progressbar", { name: "Progression" });
    expect(bar.getAttribute("aria-valuetext")).toBe("75 % accompli");
    expect(bar.textContent).toBe("9 mois");
  });
});
