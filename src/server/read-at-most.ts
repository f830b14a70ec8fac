/**
 * Reads a stream to its end into one buffer, or answers null as soon as more than `limit`
 * bytes have come: the reader is left where it stopped, for the caller to cancel or drain.
 * A request body (http/request-guards.ts) and a price feed (prices/provider.ts) are read so.
 */
export async function readAtMost(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const whole = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        whole.set(chunk, offset);
        offset += chunk.byteLength;
      }
      return whole;
    }
    size += value.byteLength;
    if (size > limit) return null;
    chunks.push(value);
  }
}
