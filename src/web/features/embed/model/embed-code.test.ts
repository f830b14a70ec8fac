import { describe, expect, it } from "vitest";
import {
  embedCode,
  embedUrl,
  generatorDefaults,
  iframeCode,
  isBelowRecommendedHeight,
  parseCssLength,
} from "./embed-code";

describe("parseCssLength", () => {
  it.each([
    ["100%", "100%"],
    ["800px", "800px"],
    [" 800 PX ", "800px"],
    ["800", "800px"],
    ["50rem", "50rem"],
    ["2.5em", "2.5em"],
    [".5in", "0.5in"],
    ["90vh", "90vh"],
    ["100dvh", "100dvh"],
    ["40vmin", "40vmin"],
    ["12cm", "12cm"],
  ])("accepts %j as %j", (input, expected) => {
    expect(parseCssLength(input)).toBe(expected);
  });

  it.each([
    "",
    "abc",
    "-100px",
    "0",
    "0px",
    "100 %%",
    "calc(100% - 2px)",
    "100px;background:red",
    "100px 200px",
    "1e3px",
    "100furlongs",
    "123456px",
  ])("refuses %j", (input) => {
    expect(parseCssLength(input)).toBeNull();
  });
});

describe("isBelowRecommendedHeight", () => {
  it("is true for pixel heights under 700px only", () => {
    expect(isBelowRecommendedHeight("699px")).toBe(true);
    expect(isBelowRecommendedHeight("699.5px")).toBe(true);
    expect(isBelowRecommendedHeight("700px")).toBe(false);
    expect(isBelowRecommendedHeight("800px")).toBe(false);
    // other units cannot be compared: no advice
    expect(isBelowRecommendedHeight("10rem")).toBe(false);
    expect(isBelowRecommendedHeight("50%")).toBe(false);
  });
});

describe("embedUrl and iframeCode", () => {
  it("has the spec's defaults", () => {
    expect(generatorDefaults("fr")).toEqual({
      language: "fr",
      currency: "EUR",
      primaryColor: "#80009e",
      accentColor: "#b68802",
      width: "100%",
      height: "800px",
    });
  });

  it("puts the display options in the query of /embed/calculator", () => {
    const url = embedUrl("https://hawl.example", {
      language: "nl",
      currency: "USD",
      primaryColor: "#123456",
      accentColor: "#abc",
    });
    expect(url).toBe(
      "https://hawl.example/embed/calculator?lang=nl&currency=USD&primaryColor=%23123456&accentColor=%23abc",
    );
    const parsed = new URL(url);
    expect(parsed.pathname).toBe("/embed/calculator");
    expect(parsed.searchParams.get("primaryColor")).toBe("#123456");
  });

  it("gives a managed embed its key only", () => {
    expect(embedUrl("", null, "K".repeat(32))).toBe(`/embed/calculator?key=${"K".repeat(32)}`);
  });

  it("writes the size as a style, escapes attributes and sets no referrer policy", () => {
    const code = iframeCode({
      src: "https://h.example/embed/calculator?lang=en&currency=EUR",
      width: "100%",
      height: "800px",
      title: 'Zakat "calculator" <b>',
    });
    expect(code).toBe(
      '<iframe src="https://h.example/embed/calculator?lang=en&amp;currency=EUR" ' +
        'style="width:100%;height:800px;border:0" ' +
        'title="Zakat &quot;calculator&quot; &lt;b&gt;" loading="lazy"></iframe>',
    );
    expect(code).not.toContain("referrerpolicy");
    // what a browser makes of it
    const src = /src="([^"]*)"/.exec(code)![1]!.replace(/&amp;/g, "&");
    expect(new URL(src).searchParams.get("currency")).toBe("EUR");
  });

  it("gives the iframe and, on the next line, the host script that sizes it (decision 054)", () => {
    const code = embedCode({
      origin: "https://h.example",
      src: "https://h.example/embed/calculator?key=K",
      width: "100%",
      height: "800px",
      title: "Zakat",
    });
    expect(code.split("\n")).toEqual([
      '<iframe src="https://h.example/embed/calculator?key=K" style="width:100%;height:800px;border:0" ' +
        'title="Zakat" loading="lazy"></iframe>',
      '<script src="https://h.example/embed/resize.js" async></script>',
    ]);
  });
});
