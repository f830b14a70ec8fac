import { heightMessageType, isMeasureMessage, type HeightMessage } from "./frame-messages";

/**
 * The framing site's origin as a postMessage target: the parent's origin where the browser says
 * it (Chromium, WebKit), else any. The height is no secret; the host script checks the sender.
 */
export function parentTarget(loc: Pick<Location, "ancestorOrigins">): string {
  const parent = loc.ancestorOrigins?.[0];
  return parent && /^https?:\/\//.test(parent) ? parent : "*";
}

/**
 * Inside a frame, tells the parent page the height of `content` whenever it changes (and when
 * the host script asks), so the host script can size the frame to it. `content` is the page's
 * own content, never the document: its height does not depend on the frame's, so a new frame
 * height cannot start another round (no resize loop).
 */
export function reportFrameHeight(content: HTMLElement, win: Window = window): void {
  if (win.parent === win || typeof ResizeObserver !== "function") return;
  const target = parentTarget(win.location);
  let last = -1;
  const post = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: heightMessageType, height };
    win.parent.postMessage(message, target);
  };
  new ResizeObserver(post).observe(content);
  win.addEventListener("message", (event) => {
    if (event.source !== win.parent || !isMeasureMessage(event.data)) return;
    last = -1;
    post();
  });
}
