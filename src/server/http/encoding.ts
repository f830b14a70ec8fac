import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { setHeaders } from "./security-headers.ts";

// Content encoding (issue 12, decision 014):
// - negotiateEncoding() picks br, then gzip, from a request's Accept-Encoding (q-values
//   honoured, q=0 refuses), among the encodings an answer is available in; null = identity;
// - the build writes .br and .gz copies of every text asset (scripts/compress-build.ts): the
//   static files use them, pages are compressed once in memory (static-web.ts);
// - compressAnswers() compresses dynamic answers (JSON of /api, sitemap.xml) above 1 KB on the
//   fly, never Better Auth's (session tokens: BREACH) and never for a cross-site request.

export type Encoding = "br" | "gzip";

/** Bodies at or below this size go uncompressed (the headers cost more than the gain). */
export const compressionThreshold = 1024;

/** The best of `available` (in our order of preference) that the request accepts; null: none. */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[] = ["br", "gzip"],
): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((s) => s.trim());
      if (key?.toLowerCase() === "q") {
        const parsed = Number(value);
        quality = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    q.set(name, quality);
  }
  const qualityOf = (encoding: Encoding) =>
    q.get(encoding) ?? (encoding === "gzip" ? q.get("x-gzip") : undefined) ?? q.get("*") ?? 0;
  let best: Encoding | null = null;
  let bestQuality = 0;
  for (const encoding of available) {
    const quality = qualityOf(encoding);
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses bytes; `effort` "max" for what is compressed once and kept (pages), "fast" for
 * answers compressed per request.
 */
export async function compressBytes(
  bytes: Uint8Array,
  encoding: Encoding,
  effort: "max" | "fast",
): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === "br") {
    const compressed = await brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === "max" ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    return new Uint8Array(compressed);
  }
  return new Uint8Array(await gzipAsync(bytes, { level: effort === "max" ? 9 : 6 }));
}

/** Adds Accept-Encoding to an answer's Vary header (keeping what is there). */
export function varyOnEncoding(current: string | null | undefined): string {
  const parts = (current ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.some((p) => p === "*" || p.toLowerCase() === "accept-encoding"))
    return parts.join(", ");
  return [...parts, "Accept-Encoding"].join(", ");
}

const compressibleType = /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/[\w.+-]+)\b/i;

/** Paths whose answers are never compressed: Better Auth's carry session tokens (BREACH). */
const neverCompressed = (path: string) => path === "/api/auth" || path.startsWith("/api/auth/");

/**
 * Compresses the JSON (and XML, text) answers of the routes it wraps when they are larger than
 * 1 KB and the client accepts br or gzip, with Vary: Accept-Encoding either way. Leaves alone
 * answers that are already encoded, small, streamed without a body, or to a cross-site request
 * (Sec-Fetch-Site: cross-site or same-site — the only requests a BREACH attacker can make a
 * victim's browser send; see decision 014).
 */
export function compressAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type");
    if (!type || !compressibleType.test(type) || neverCompressed(c.req.path)) return;
    setHeaders(c, { Vary: varyOnEncoding(c.res.headers.get("vary")) });
    // the checks that read only headers come first: `c.res.body` turns @hono/node-server's
    // light answer into a full Response with a stream (issue 13), worth it only when the
    // answer may be compressed
    if (c.req.method === "HEAD" || c.res.headers.has("content-encoding")) return;
    if (c.res.status === 204 || c.res.status === 304) return;
    if (c.res.headers.get("cache-control")?.includes("no-transform")) return;
    const site = c.req.header("sec-fetch-site");
    if (site === "cross-site" || site === "same-site") return;
    const declared = Number(c.res.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared <= compressionThreshold) return;
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    if (!encoding || !c.res.body) return;

    const bytes = new Uint8Array(await c.res.arrayBuffer());
    const { status } = c.res;
    if (bytes.byteLength <= compressionThreshold) {
      c.res = new Response(bytes, { status, headers: c.res.headers });
      return;
    }
    const compressed = await compressBytes(bytes, encoding, "fast");
    const etag = c.res.headers.get("etag");
    // (Hono copies the previous answer's headers onto the new one: set ours after)
    c.res = new Response(compressed, { status, headers: c.res.headers });
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.set("Content-Length", String(compressed.byteLength));
    // a strong validator names one representation: weaken it for the encoded one
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
