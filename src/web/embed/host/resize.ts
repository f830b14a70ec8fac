import { measureMessageType, readHeightMessage } from "../frame-messages";

// The script a site adds beside the embed's iframe (the generator's and the manager's code:
// `<script src="https://<hawl>/embed/resize.js" async></script>`; issue 30, decision 054). It
// sizes each Hawl frame of the page to the height its content reports. Built on its own into
// build/embed/resize.js (vite.embed.config.ts), a classic script for any page: no imports, no
// globals but one flag. Only messages from the origin this script was loaded from, and only
// from the window of an iframe showing that origin, are obeyed; the value is checked and
// clamped, and written only when it changes.

(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) return;
  const origin = new URL(script.src).origin;
  // the snippet pasted twice (two embeds on one page) listens once
  const flag = `hawlEmbedResize ${origin}`;
  const flags = window as unknown as Record<string, boolean>;
  if (flags[flag]) return;
  flags[flag] = true;

  const ourFrames = () =>
    Array.from(document.getElementsByTagName("iframe")).filter((frame) => {
      try {
        return new URL(frame.src, document.baseURI).origin === origin;
      } catch {
        return false;
      }
    });

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || !event.source) return;
    const height = readHeightMessage(event.data);
    if (height === null) return;
    const frame = ourFrames().find((f) => f.contentWindow === event.source);
    if (!frame) return;
    const value = `${height}px`;
    if (frame.style.height !== value) frame.style.height = value;
  });

  // frames that loaded before this script told their height to nobody: ask them again
  for (const frame of ourFrames()) {
    frame.contentWindow?.postMessage({ type: measureMessageType }, origin);
  }
})();
