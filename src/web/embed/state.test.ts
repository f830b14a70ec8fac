// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { embedStateMetaName, parseEmbedPageState } from "../../contracts/embed";
import { embedStateOf, parseEmbedState } from "./state";

const settings = {
  language: "fr",
  currency: "USD",
  primaryColor: "#123456",
  accentColor: "#abcdef",
};

const button = { urlTemplate: "https://evil.example/pay", organisation: "X", label: null };

const samples: unknown[] = [
  { status: "ok", keyed: true, settings },
  { status: "ok", keyed: true, settings, callToAction: button },
  { status: "ok", keyed: false, settings, callToAction: button },
  { status: "ok", keyed: false, settings },
  { status: "restricted", reason: "domain_not_allowed", domain: "evil.example", settings },
  { status: "restricted", reason: "no_referrer", domain: "unknown", settings },
  { status: "restricted", reason: "direct_access", domain: "direct_access", settings },
  { status: "restricted", reason: "nope", domain: "x", settings },
  { status: "ok", settings },
  { status: "ok", keyed: true, settings: { ...settings, language: "de" } },
  { status: "ok", keyed: true, settings: { ...settings, primaryColor: "red" } },
  { status: "ok", keyed: true, settings: { ...settings, currency: "usd" } },
  { status: "ok", keyed: true, settings: { ...settings, accentColor: 3 } },
  { status: "ok", keyed: true },
  { status: "restricted", reason: "invalid_key", settings },
  "ok",
  null,
  [],
];

describe("parseEmbedState", () => {
  it("reads the server's meta exactly as the contract's schema does", () => {
    expect(embedStateMetaName).toBe("hawl-embed-state");
    for (const sample of samples) {
      const content = JSON.stringify(sample);
      expect(parseEmbedState(content), content).toEqual(parseEmbedPageState(content));
    }
    expect(parseEmbedState(JSON.stringify(samples[4]))).toEqual(samples[4]);
    expect(parseEmbedState(JSON.stringify(samples[1]))).toEqual(samples[1]);
    // a public page shows no pay button, whatever its state says (decision 049)
    expect(parseEmbedState(JSON.stringify(samples[2]))).toEqual({
      status: "ok",
      keyed: false,
      settings,
    });
    expect(parseEmbedState("{not json")).toBeNull();
    expect(parseEmbedState("")).toBeNull();
    expect(parseEmbedState(null)).toBeNull();
  });
});

// the jsdom is shared with the other DOM tests of the worker: leave no embed state behind
afterEach(() => {
  document.head.innerHTML = "";
});

function page(meta: string | null) {
  document.head.innerHTML = meta === null ? "" : `<meta name="${embedStateMetaName}">`;
  if (meta !== null) document.head.querySelector("meta")!.setAttribute("content", meta);
  return document;
}

describe("embedStateOf", () => {
  it("uses the server's state when there is one", () => {
    const state = { status: "restricted", reason: "invalid_key", domain: "a.example", settings };
    expect(
      embedStateOf(page(JSON.stringify(state)), { pathname: "/embed/calculator", search: "" }),
    ).toEqual(state);
  });

  it("without a state, takes the settings from the URL (path language, then lang)", () => {
    expect(
      embedStateOf(page(null), {
        pathname: "/nl/embed/calculator",
        search: "?currency=usd&primaryColor=00ff00",
      }),
    ).toEqual({
      status: "ok",
      keyed: false,
      settings: {
        language: "nl",
        currency: "USD",
        primaryColor: "#00ff00",
        accentColor: "#b68802",
      },
    });
    expect(
      embedStateOf(page("garbage"), { pathname: "/embed/calculator", search: "?lang=fr" }).settings
        .language,
    ).toBe("fr");
  });

  it("without a state, refuses a keyed URL: only the server can check a key", () => {
    expect(
      embedStateOf(page(null), { pathname: "/embed/calculator", search: `?key=${"a".repeat(32)}` }),
    ).toMatchObject({ status: "restricted", reason: "validation_error", domain: "unknown" });
  });
});
