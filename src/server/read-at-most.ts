/**
 * Reads a stream to its end into one buffer, or answers null as soon as more than `limit`
 * bytes have come: the reader is left where it stopped, for the caller to cancel or drain.
 * A request body (http/request-guards.ts) and a price feed (prices/provider.ts) are read so;
 * PGlite's protocol messages (db/pglite-statements.ts) are joined by concatBytes.
 */
export async function readAtMost(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatBytes(chunks);
    size += value.byteLength;
    if (size > limit) return null;
    chunks.push(value);
  }
}

/** The parts as one array. */
export function concatBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
