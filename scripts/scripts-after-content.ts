// A prerendered app page (the calculator, sign-in, a protected page's frame) has its content in
// its HTML: the scripts that hydrate it should not compete with the style sheet that paints it.
// React Router's <Scripts/> lists each module as `<link rel="modulepreload">`, which Chromium
// fetches at High priority, the style sheet's; on a slow connection the ~200 KB of scripts shared
// the line with the sheet, and the first paint waited (issue 12: Lighthouse's simulated FCP was
// 2.6 s on /nl/calculator while the page painted at 0.4 s unthrottled). Marked
// `fetchpriority="low"`, they start at once but yield to the sheet. The SPA shell (pages that are
// not prerendered) has nothing to paint before its scripts: its preloads stay as they are. Runs
// in React Router's buildEnd, after the prerender and before the service worker and the
// compressed copies.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { htmlFiles } from "./build-islands.ts";

const SPA_SHELL = "__spa-fallback.html";
const preload = /<link rel="modulepreload"(?! fetchpriority)/g;

/** Marks the modulepreloads of every prerendered page low priority; returns the pages changed. */
export function scriptsAfterContent(clientDir: string): string[] {
  const changed: string[] = [];
  for (const file of htmlFiles(clientDir)) {
    if (path.basename(file) === SPA_SHELL) continue;
    const html = readFileSync(file, "utf8");
    const lowered = html.replace(preload, '<link rel="modulepreload" fetchpriority="low"');
    if (lowered === html) continue;
    writeFileSync(file, lowered);
    changed.push(path.relative(clientDir, file));
  }
  return changed;
}
