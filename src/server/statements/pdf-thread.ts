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

/** The statement of `source`, written and drawn on the render thread. */
export function renderOnThread(source: StatementSource): Promise<Uint8Array> {
  if (thread === null || thread.failed) thread = new RenderThread();
  return thread.render(source);
}
