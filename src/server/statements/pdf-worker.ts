import { parentPort } from "node:worker_threads";
import type { PdfDocumentModel } from "./pdf-document.ts";
import { renderPdf } from "./pdf-render.ts";

// The render thread (pdf-thread.ts starts it): PDFs are drawn here, one at a time, so the
// HTTP thread never spends a statement's CPU (issue 33: other users' p99 under 250 ms).

export interface RenderRequest {
  id: number;
  model: PdfDocumentModel;
}
export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

parentPort!.on("message", (request: RenderRequest) => {
  renderPdf(request.model).then(
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
