/**
 * Reads a stream to its end into one buffer, or answers null as soon as more than `limit`
 * bytes have come: the reader is left where it stopped, for the caller to cancel or drain.
 * A request body (http/request-guards.ts) and a price feed (prices/provider.ts) are read so.
 */
export async function readAtMost(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > limit) return null;
    chunks.push(value);
  }
}
