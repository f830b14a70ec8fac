import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RenderReply, RenderRequest } from "./pdf-worker.ts";
import type { StatementSource } from "./statement-document.ts";

// The HTTP thread's side of the render thread (pdf-worker.ts): started on the first statement,
// kept for the next ones; requests queue in its message port. A thread that fails is dropped
// with its pending requests and the next statement starts another.

function workerEntry(): { source: URL | string; eval: boolean } {
  const bundled = new URL("./pdf-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { source: bundled, eval: false };
  // the TypeScript source through tsx (dev, tests), as db/pglite-thread.ts does
  const file = new URL("./pdf-worker.ts", import.meta.url).href;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  return {
    source: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`,
    eval: true,
  };
}

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

class RenderThread {
  readonly #worker: Worker;
  readonly #ready: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  failed = false;

  constructor() {
    const entry = workerEntry();
    this.#worker = new Worker(entry.source, { eval: entry.eval });
    this.#worker.unref();
    let notReady: (error: Error) => void = () => {};
    this.#ready = new Promise((resolve, reject) => {
      notReady = reject;
      this.#worker.once("message", () => resolve());
    });
    this.#worker.on("message", (reply: RenderReply | "ready") => {
      if (reply === "ready") return;
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if ("error" in reply) pending?.reject(new Error(`PDF rendering failed: ${reply.error}`));
      else pending?.resolve(reply.bytes);
    });
    const fail = (error: Error) => {
      this.failed = true;
      notReady(error);
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`The PDF thread exited with ${code}`)));
  }

  async render(source: StatementSource): Promise<Uint8Array> {
    await this.#ready;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, source } satisfies RenderRequest);
    });
  }
}

let thread: RenderThread | null = null;

// Statements drawn lately, by the hash of everything they show (decision 069): the same year,
// calculation, records, language and day give the same PDF, so a statement asked for again (a
// second click, the accountant and the owner, ten tabs) is not drawn again; a request for one
// being drawn waits for that drawing. Any change to what it shows changes the key.
const cacheSize = 32;
const drawn = new Map<string, Promise<Uint8Array>>();

function keyOf(source: StatementSource): string {
  // the creation instant is metadata, not content: a statement of the same day is the same
  const { createdAt: _, ...content } = source;
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
}

/** The statement of `source`, written and drawn on the render thread (or drawn lately). */
export function renderOnThread(source: StatementSource): Promise<Uint8Array> {
  const key = keyOf(source);
  const cached = drawn.get(key);
  if (cached) {
    drawn.delete(key);
    drawn.set(key, cached); // most recently used last
    return cached;
  }
  if (thread === null || thread.failed) thread = new RenderThread();
  const rendering = thread.render(source);
  drawn.set(key, rendering);
  rendering.catch(() => drawn.delete(key));
  while (drawn.size > cacheSize) drawn.delete(drawn.keys().next().value!);
  return rendering;
}
