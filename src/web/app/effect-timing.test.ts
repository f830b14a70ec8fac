// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isDiscreteInput, scheduleEffects } from "./effect-timing";

// When Preact (the browser's renderer) runs a render's effects: before the next task after a key
// or a click, as React does (the date picker's arrow keys move the focus in an effect); after
// a task of its own otherwise, as React's scheduler does.
describe("isDiscreteInput", () => {
  it.each([
    ["keydown", true],
    ["click", true],
    ["input", true],
    ["focusin", true],
    ["pointermove", false],
    ["scroll", false],
    ["load", false],
  ])("%s → %s", (type, discrete) => {
    expect(isDiscreteInput(new Event(type))).toBe(discrete);
  });
  it("no event → false", () => expect(isDiscreteInput(undefined)).toBe(false));
});

// Preact calls scheduleEffects from the render's microtask, which in a browser runs while a
// trusted event is still being dispatched (window.event is set): the e2e tests of the date picker
// and of the inline rename cover that in Chromium. Here, the choice itself.
describe("scheduleEffects", () => {
  it("flushes in a microtask when called during a key's dispatch", async () => {
    const flushed: string[] = [];
    const target = document.createElement("button");
    target.addEventListener("keydown", () => scheduleEffects(() => flushed.push("keydown")));
    target.dispatchEvent(new KeyboardEvent("keydown"));
    await Promise.resolve();
    expect(flushed).toEqual(["keydown"]);
  });

  it("runs in a task of its own otherwise", async () => {
    const flushed: string[] = [];
    scheduleEffects(() => flushed.push("render"));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(flushed).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed).toEqual(["render"]);
  });

  it("waits during an event that is not an input (a scroll)", async () => {
    const flushed: string[] = [];
    window.addEventListener("scroll", () => scheduleEffects(() => flushed.push("scroll")), {
      once: true,
    });
    window.dispatchEvent(new Event("scroll"));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(flushed).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(flushed).toEqual(["scroll"]);
  });

  it("runs before a key that comes first reaches the page's listeners", async () => {
    const order: string[] = [];
    const onKey = () => order.push("document's keydown listener");
    document.addEventListener("keydown", onKey, true);
    // the effect that would add the listener, pending when the key comes
    scheduleEffects(() => order.push("effects"));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(order).toEqual(["effects", "document's keydown listener"]);
    // and once only: the message that follows finds nothing left to run
    await new Promise((resolve) => setTimeout(resolve, 20));
    document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(order).toEqual([
      "effects",
      "document's keydown listener",
      "document's keydown listener",
    ]);
    document.removeEventListener("keydown", onKey, true);
  });
});
