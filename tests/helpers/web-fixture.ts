import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A tiny stand-in for build/client, shaped like React Router's output (prerendered
// index.html files with inline scripts, hashed assets, the SPA shell), so that the static
// tests do not depend on, or rebuild, the real web build.

export const fixtureInlineScripts = {
  landing: 'window.__reactRouterContext = {"page":"landing"};',
  module: 'import "/assets/manifest-abc123.js";\nimport("/assets/entry.client-abc123.js");',
  shell: 'window.__reactRouterContext = {"isSpaMode":true};',
};

const page = (marker: string, scripts: string[]) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-abc123.js"/></head>` +
  `<body><main data-page="${marker}">${marker}</main>` +
  scripts
    .map((s, i) => `<script${i === 1 ? ' type="module" async=""' : ""}>${s}</script>`)
    .join("") +
  `<script type="module" src="/assets/entry.client-abc123.js"></script></body></html>`;

export function createWebFixture(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "hawl-web-"));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write("index.html", page("landing", [fixtureInlineScripts.landing, fixtureInlineScripts.module]));
  write("calculator/index.html", page("calculator", [fixtureInlineScripts.landing]));
  write("fr/calculator/index.html", page("fr-calculator", [fixtureInlineScripts.landing]));
  write("__spa-fallback.html", page("shell", [fixtureInlineScripts.shell]));
  write("assets/entry.client-abc123.js", "console.log('entry');\n");
  write("assets/root-abc123.css", "body{margin:0}\n");
  write("robots.txt", "User-agent: *\nAllow: /\n");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
