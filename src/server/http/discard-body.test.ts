import { describe, expect, it } from "vitest";
import { discardRest } from "./discard-body.ts";

// The refused body is read and thrown away, but only so far: a client that sends more than
// the bound, or sends it too slowly, gets its answer without holding the server any longer.

function streamOf(chunks: number, size: number, delayMs = 0) {
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (sent === chunks) return controller.close();
      sent++;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { reader: stream.getReader(), sent: () => sent, cancelled: () => cancelled };
}

describe("discardRest", () => {
  it("reads a body within the bounds to its end", async () => {
    const body = streamOf(10, 1024);
    expect(await discardRest(body.reader, { bytes: 64 * 1024, ms: 5_000 })).toBe(true);
    expect(body.sent()).toBe(10);
    expect(body.cancelled()).toBe(false);
  });

  it("stops past the byte bound and cancels the rest", async () => {
    const body = streamOf(1_000, 1024);
    expect(await discardRest(body.reader, { bytes: 16 * 1024, ms: 5_000 })).toBe(false);
    expect(body.sent()).toBeLessThan(100);
    expect(body.cancelled()).toBe(true);
  });

  it("stops past the time bound and cancels the rest", async () => {
    const body = streamOf(1_000, 1, 20);
    const started = performance.now();
    expect(await discardRest(body.reader, { bytes: 1024 * 1024, ms: 200 })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(body.cancelled()).toBe(true);
  });

  it("a client that goes away: false, no throw", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("aborted"));
      },
    });
    expect(await discardRest(stream.getReader())).toBe(false);
  });
});
