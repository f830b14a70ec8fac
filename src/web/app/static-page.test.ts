import { describe, expect, it } from "vitest";
import { staticPage, wantsNoRuntime } from "./static-page";

describe("static pages (decision 025)", () => {
  it("a page goes without the SPA runtime when one of its routes says so", () => {
    const routes = (...handles: unknown[]) => handles.map((handle) => ({ route: { handle } }));
    expect(wantsNoRuntime(routes(undefined, staticPage))).toBe(true);
    expect(wantsNoRuntime(routes(undefined, { hydrate: true }))).toBe(false);
    expect(wantsNoRuntime(routes({}, { other: 1 }))).toBe(false);
  });
});
