import { parentPort } from "node:worker_threads";
import { renderPdf } from "./pdf-render.ts";
import { statementDocument, type StatementSource } from "./statement-document.ts";

// The render thread (pdf-thread.ts starts it): statements are written (texts, formats, the
// calculation's lines) and drawn here, one at a time, so the HTTP thread never spends a
// statement's CPU and other requests are not held up by it (decision 063).

export interface RenderRequest {
  id: number;
  source: StatementSource;
}
export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

parentPort!.on("message", (request: RenderRequest) => {
  Promise.resolve()
    .then(() => renderPdf(statementDocument(request.source)))
    .then(
      (bytes) =>
        parentPort!.postMessage({ id: request.id, bytes } satisfies RenderReply, [
          bytes.buffer as ArrayBuffer,
        ]),
      (error: unknown) =>
        parentPort!.postMessage({
          id: request.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies RenderReply),
    );
});
parentPort!.postMessage("ready");
