import { describe, expect, it } from "vitest";
import {
  holdScriptsUntilPainted,
  SCRIPTS_TEMPLATE_ID,
  scriptsAfterPaint,
} from "../../scripts/scripts-after-content.ts";
import { inlineScripts } from "../../src/server/http/static-web.ts";

// What React Router's <Scripts/> writes into a prerendered page: React hoists the modulepreloads
// into <head>, the boot script stays at the end of the body.
const boot = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-3.js");</script>`;
const appPage = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/></head><body><main>Calculator</main><script>window.__reactRouterContext = {};</script>${boot}<script>window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("holdScriptsUntilPainted", () => {
  const held = holdScriptsUntilPainted(appPage)!;
  const [before, inside] = held.split(`<template id="${SCRIPTS_TEMPLATE_ID}">`) as [string, string];
  const template = inside.slice(0, inside.indexOf("</template>"));
  const after = inside.slice(inside.indexOf("</template>"));

  it("moves the modulepreloads and the boot script into the template, in their order", () => {
    expect(template).toBe(
      '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/>' +
        boot,
    );
    expect(before + after).not.toContain("modulepreload");
    expect(before + after).not.toContain('type="module"');
  });

  it("puts the loader right after the template, and keeps every other script where it was", () => {
    expect(after.startsWith(`</template><script>${scriptsAfterPaint}</script>`)).toBe(true);
    expect(before).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(after).toContain("streamController.close()");
    expect(before).toContain("<main>Calculator</main>");
  });

  it("leaves the boot script among the inline scripts the CSP hashes", () => {
    expect(inlineScripts(held)).toContain(boot.slice(boot.indexOf(">") + 1, -"</script>".length));
    expect(inlineScripts(held)).toContain(scriptsAfterPaint);
  });

  it("changes nothing on a page without React Router's boot script", () => {
    const staticPage = `<html><body><main>Pricing</main><script type="module" src="/assets/islands-9.js"></script></body></html>`;
    expect(holdScriptsUntilPainted(staticPage)).toBeNull();
  });
});

describe("scriptsAfterPaint", () => {
  // the loader in a document: the template's content goes in once a frame has been painted
  it("inserts the template's content after the next frame, or at once in a hidden tab", () => {
    const calls: string[] = [];
    const template = { content: "fragment", replaceWith: (c: string) => calls.push(`in:${c}`) };
    const run = (visibilityState: string) =>
      new Function("document", "requestAnimationFrame", "setTimeout", scriptsAfterPaint)(
        {
          visibilityState,
          getElementById: (id: string) => (id === SCRIPTS_TEMPLATE_ID ? template : null),
        },
        (frame: () => void) => {
          calls.push("frame");
          frame();
        },
        (task: () => void) => {
          calls.push("task");
          task();
        },
      );
    run("visible");
    expect(calls).toEqual(["frame", "task", "in:fragment"]);
    calls.length = 0;
    run("hidden");
    expect(calls).toEqual(["in:fragment"]);
  });
});
