import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Hono, type Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import {
  embedAssetsPrefix,
  embedHostScriptPath,
  embedPagePaths,
  embedStateMetaName,
  type EmbedPageState,
} from "../../contracts/embed.ts";
import { directionOf } from "../../domain/language.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { resolveEmbedPage } from "../services/resolve-embed-page.ts";
import type { AppEnv } from "./context.ts";
import { pageCsp, sha256Source } from "./security-headers.ts";
import { inlineScripts, precompressed, safeRelativePath } from "./static-web.ts";

// The embed page (API.md "Embed", decision 010), served from its own small build
// (`build/embed`: index.html, assets under /embed/assets/) rather than the SPA:
// - every answer is that index.html with `<meta name="hawl-embed-state" content="{…}">` put
//   first in <head>: the calculator's settings, or the restricted page's reason and domain;
// - its CSP is the page policy (scripts by hash) with frame-ancestors from the decision: `*`
//   without key or when restricted, the allowed domains' sources for a valid key; no
//   X-Frame-Options (security-headers.ts leaves it out for a framable answer);
// - keyed answers are `private, no-store` (they depend on the key's current state and on the
//   request's Referer), unkeyed ones `no-cache`.
// And /embed/resize.js, the framing site's script that sizes the frame (decision 054): a fixed
// address any page loads, so cached for an hour rather than for good.

interface EmbedHtml {
  mtimeMs: number;
  size: number;
  body: string;
  scriptHashes: string[];
}

export function embedPageRoutes(deps: { db: Executor; embedDir: string; https: boolean }) {
  const root = path.resolve(deps.embedDir);
  const indexFile = path.join(root, "index.html");
  let cached: EmbedHtml | null = null;

  async function loadIndex(): Promise<EmbedHtml | null> {
    let info;
    try {
      info = await stat(indexFile);
    } catch {
      return null;
    }
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(indexFile, "utf8");
    cached = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      scriptHashes: inlineScripts(body).map(sha256Source),
    };
    return cached;
  }

  async function page(c: Context<AppEnv>) {
    const html = await loadIndex();
    if (!html) {
      return c.text(
        "The embed is not built: run `npm run build` (npm start does it for you).",
        503,
      );
    }
    const url = new URL(c.req.url);
    const answer = await resolveEmbedPage({
      db: deps.db,
      pathname: url.pathname,
      search: url.searchParams,
      referer: c.req.header("referer") ?? null,
      fetchDest: c.req.header("sec-fetch-dest") ?? null,
    });
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": answer.keyed ? "private, no-store" : "no-cache",
      "Content-Security-Policy": pageCsp(html.scriptHashes, {
        https: deps.https,
        frameAncestors: answer.frameAncestors,
      }),
    };
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(withEmbedState(html.body, answer.state), 200, headers);
  }

  /** A file of the build, its .br or .gz copy when the client takes it (decision 014). */
  async function file(c: Context<AppEnv>, relative: string, cacheControl: string) {
    const full = path.join(root, relative);
    let info;
    try {
      info = await stat(full);
    } catch {
      return c.text("Not found", 404);
    }
    if (!info.isFile()) return c.text("Not found", 404);
    const variant = await precompressed(full, info, c.req.header("accept-encoding"));
    const headers: Record<string, string> = {
      "Content-Type": getMimeType(full) ?? "application/octet-stream",
      "Cache-Control": cacheControl,
      Vary: "Accept-Encoding",
      "Content-Length": String(variant.size),
    };
    if (variant.encoding) headers["Content-Encoding"] = variant.encoding;
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(variant.file)), 200, headers);
  }

  async function asset(c: Context<AppEnv>) {
    const relative = safeRelativePath(c.req.path.slice("/embed/".length));
    if (relative === null || !relative.startsWith("assets/")) return c.text("Not found", 404);
    return file(c, relative, "public, max-age=31536000, immutable");
  }

  const app = new Hono<AppEnv>();
  for (const p of embedPagePaths) app.on(["GET", "HEAD"], [p, `${p}/`], page);
  app.on(["GET", "HEAD"], `${embedAssetsPrefix}*`, asset);
  app.on(["GET", "HEAD"], embedHostScriptPath, (c) =>
    file(c, path.basename(embedHostScriptPath), "public, max-age=3600"),
  );
  return app;
}

const metaPattern = new RegExp(`<meta\\s[^>]*name=["']?${embedStateMetaName}["']?[^>]*>`, "gi");

/**
 * The embed HTML with the state as the first element of <head> (any state meta already there,
 * such as a placeholder of the build, is removed), and <html lang dir> set to the page's language.
 */
export function withEmbedState(html: string, state: EmbedPageState): string {
  const meta = `<meta name="${embedStateMetaName}" content="${escapeAttribute(JSON.stringify(state))}">`;
  let out = html.replace(metaPattern, "");
  // the embed's <html> says its language and direction (Arabic right to left), before any script
  out = out.replace(/(<html\b[^>]*?)\sdir=["']?[a-z]*["']?/i, "$1");
  out = out.replace(
    /<html\b([^>]*?)\slang=["']?[a-zA-Z-]*["']?/i,
    `<html$1 lang="${state.settings.language}" dir="${directionOf(state.settings.language)}"`,
  );
  const head = /<head\b[^>]*>/i.exec(out);
  if (!head) return `${meta}${out}`;
  const at = head.index + head[0].length;
  return `${out.slice(0, at)}${meta}${out.slice(at)}`;
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
