/**
 * How much of a body no one reads the server still reads and throws away before it answers,
 * and for how long at most. A client writes its whole body before it reads the answer: a
 * server that closes on the unread rest makes it fail with EPIPE or a reset and lose the
 * answer (issue 28: 5 of 20 tries of a 5 MB POST; /unsubscribe answered none). Beyond these
 * bounds the answer goes anyway, with `Connection: close`: such a client may still lose it.
 */
export const discardBounds = { bytes: 8 * 1024 * 1024, ms: 10_000 };

/**
 * Reads and throws away the rest of `reader`'s stream, up to the bounds. True when it reached
 * the end (the connection could carry another request); false when it stopped short or the
 * client went away (the stream is cancelled: the connection must close).
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  bounds = discardBounds,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), bounds.ms);
  });
  let read = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") break;
      if (next.done) return true;
      read += next.value.byteLength;
      if (read > bounds.bytes) break;
    }
  } catch {
    // the client went away or sent less than it said
    return false;
  } finally {
    clearTimeout(timer);
  }
  await reader.cancel().catch(() => {});
  return false;
}
