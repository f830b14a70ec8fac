// A prerendered app page (the calculator, sign-in, a protected page's frame) has its content in
// its HTML: it should paint before its scripts start to download. React Router's <Scripts/>
// lists each module as `<link rel="modulepreload">` and boots with an inline module script; the
// browser starts all of them while the style sheet that paints the page is still on its way, and
// on a slow connection the ~150 KB of scripts shared the line with the sheet (issue 12: decision
// 039 lowered their priority; Lighthouse still counted every script asked for before the first
// paint towards the page's Largest Contentful Paint, 1.8–2.5 s on /nl/calculator for a paint at
// 0.8 s). Here, after the prerender, both go into a <template> (inert: nothing is fetched), and
// a small inline script puts them into the page once it has painted: the frame after the style
// sheet has arrived (a hidden tab, which paints no frame, at once). The modules then download
// together, as before. The SPA shell (pages that are not prerendered) has nothing to paint before
// its scripts: it keeps them as they are. Runs in React Router's buildEnd, after the prerender
// and before the service worker and the compressed copies. The server's CSP hashes every inline
// script of a page, the template's module script included (src/server/http/static-web.ts).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { htmlFiles } from "./build-islands.ts";

const SPA_SHELL = "__spa-fallback.html";
export const SCRIPTS_TEMPLATE_ID = "hawl-scripts";

const preloads = /<link rel="modulepreload"[^>]*>/g;
const bootScript = /<script type="module" async="">[\s\S]*?<\/script>/;

/** The inline script that puts the template's preloads and module script into the page. */
export const scriptsAfterPaint = `(function(){function load(){var t=document.getElementById("${SCRIPTS_TEMPLATE_ID}");if(t)t.replaceWith(t.content)}if(document.visibilityState==="hidden")load();else requestAnimationFrame(function(){setTimeout(load,0)})})()`;

/** The page with its modulepreloads and boot script held until it has painted; null if it has none. */
export function holdScriptsUntilPainted(html: string): string | null {
  const boot = bootScript.exec(html);
  if (!boot) return null;
  const links = html.match(preloads) ?? [];
  const held = `<template id="${SCRIPTS_TEMPLATE_ID}">${links.join("")}${boot[0]}</template><script>${scriptsAfterPaint}</script>`;
  return html.replace(preloads, "").replace(bootScript, () => held);
}

/** Holds the scripts of every prerendered app page until it has painted; returns the pages changed. */
export function scriptsAfterContent(clientDir: string): string[] {
  const changed: string[] = [];
  for (const file of htmlFiles(clientDir)) {
    if (path.basename(file) === SPA_SHELL) continue;
    const html = readFileSync(file, "utf8");
    const held = holdScriptsUntilPainted(html);
    if (held === null) continue;
    writeFileSync(file, held);
    changed.push(path.relative(clientDir, file));
  }
  return changed;
}
