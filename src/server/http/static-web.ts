import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Context, Handler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { isKnownPage } from "../../contracts/web-routes.ts";
import type { AppEnv } from "./context.ts";
import { pageCsp, sha256Source } from "./security-headers.ts";

// Serves the built web (react-router build → build/client):
// 1. an exact file (hashed /assets/* are immutable for a year; anything else revalidates);
// 2. a prerendered page: <path>/index.html;
// 3. otherwise the SPA shell __spa-fallback.html: 200 for a route of the route table in any
//    language, 404 for anything else (the SPA then shows its not-found page).
// HTML answers carry a CSP that allows exactly their own inline scripts by hash.

const fallbackFile = "__spa-fallback.html";

interface Page {
  mtimeMs: number;
  size: number;
  body: string;
  etag: string;
  csp: string;
}

export function staticWeb(options: { webDir: string; https: boolean }): Handler<AppEnv> {
  const root = path.resolve(options.webDir);
  const pages = new Map<string, Page>();

  async function loadPage(file: string, info: { mtimeMs: number; size: number }): Promise<Page> {
    const cached = pages.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file, "utf8");
    const page: Page = {
      ...info,
      body,
      etag: etagOf(info),
      csp: pageCsp(inlineScripts(body).map(sha256Source), { https: options.https }),
    };
    pages.set(file, page);
    return page;
  }

  async function servePage(c: Context<AppEnv>, file: string, status: 200 | 404) {
    const info = await fileInfo(file);
    if (!info) return null;
    const page = await loadPage(file, info);
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      ETag: page.etag,
      "Content-Security-Policy": page.csp,
    };
    if (status === 200 && c.req.header("if-none-match") === page.etag) {
      return c.body(null, 304, headers);
    }
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(page.body, status, headers);
  }

  async function serveFile(c: Context<AppEnv>, file: string, info: FileInfo, urlPath: string) {
    if (file.endsWith(".html")) return servePage(c, file, 200);
    const etag = etagOf(info);
    const headers = {
      "Content-Type": getMimeType(file) ?? "application/octet-stream",
      "Cache-Control": urlPath.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "no-cache",
      ETag: etag,
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  }

  return async (c) => {
    const urlPath = c.req.path;
    const relative = safeRelativePath(urlPath);
    if (relative !== null) {
      const target = path.join(root, relative);
      const info = await fileInfo(target);
      if (info?.kind === "file") return serveFile(c, target, info, urlPath);
      if (info?.kind === "dir") {
        const page = await servePage(c, path.join(target, "index.html"), 200);
        if (page) return page;
      }
    }
    // a missing file (with an extension) is a plain 404, never the SPA shell
    if (relative === null || /\.[a-z0-9]+$/i.test(urlPath)) return c.text("Not found", 404);
    const known = isKnownPage(urlPath);
    const shell = await servePage(c, path.join(root, fallbackFile), known ? 200 : 404);
    if (shell) return shell;
    return known
      ? c.text("The web app is not built: run `npm run build` (npm start does it for you).", 503)
      : c.text("Not found", 404);
  };
}

interface FileInfo {
  kind: "file" | "dir";
  mtimeMs: number;
  size: number;
}

async function fileInfo(file: string): Promise<FileInfo | null> {
  try {
    const s = await stat(file);
    if (s.isFile()) return { kind: "file", mtimeMs: s.mtimeMs, size: s.size };
    if (s.isDirectory()) return { kind: "dir", mtimeMs: s.mtimeMs, size: s.size };
    return null;
  } catch {
    return null;
  }
}

function etagOf(info: { mtimeMs: number; size: number }): string {
  return `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

/** The URL path as a path relative to the web root, or null when it may not be served. */
export function safeRelativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter(Boolean);
  // no parent segments, no hidden files
  if (segments.some((s) => s === ".." || s.startsWith("."))) return null;
  return segments.join("/");
}

/** The text of every inline <script> (no src) of an HTML document, as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}
