// The messages between the embed page and the script of the site framing it (host/resize.ts,
// served at /embed/resize.js; issue 30, decision 054): the frame tells its content's height, the
// host script asks for it once when it starts (the frame may have told it before the script ran).

export const heightMessageType = "hawl-embed:height";
export const measureMessageType = "hawl-embed:measure";

/** A height the host applies: whole CSS pixels, within what any page could show. */
export const minFrameHeight = 120;
export const maxFrameHeight = 30_000;

export interface HeightMessage {
  type: typeof heightMessageType;
  height: number;
}

/** The height a message carries, clamped; null when it is not a height message. */
export function readHeightMessage(data: unknown): number | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, height } = data as Record<string, unknown>;
  if (type !== heightMessageType || typeof height !== "number" || !Number.isFinite(height)) {
    return null;
  }
  return Math.min(maxFrameHeight, Math.max(minFrameHeight, Math.ceil(height)));
}

export function isMeasureMessage(data: unknown): boolean {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as Record<string, unknown>).type === measureMessageType
  );
}
