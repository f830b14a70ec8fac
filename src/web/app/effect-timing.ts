// When Preact runs a render's effects (useEffect). Preact's default is after the next frame
// (requestAnimationFrame, or 35 ms without one). React runs the effects of a render caused by a
// discrete input (a key, a click) before the next event is handled, and Hawl's focus code relies
// on that: a date picker's arrow keys and an inline rename's Enter move the focus in an effect,
// and a key pressed before the next frame went to an element that was about to lose the focus.
// Preact renders in a microtask, which runs while the event is still being dispatched: such a
// render's effects run in the next microtask. Every other render's run in a task of their own
// right after it, as React's scheduler does: not in the hydration's task, and not a frame later
// either (Preact's default), when a dialog that has just opened must already listen for Escape.

/** The inputs whose renders' effects may not wait for a frame. */
const discreteInputs = new Set([
  "keydown",
  "keyup",
  "keypress",
  "click",
  "auxclick",
  "contextmenu",
  "pointerdown",
  "pointerup",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "input",
  "change",
  "beforeinput",
  "compositionend",
  "focusin",
  "focusout",
  "focus",
  "blur",
  "submit",
  "reset",
]);

export function isDiscreteInput(event: Event | undefined): boolean {
  return event !== undefined && discreteInputs.has(event.type);
}

/** A task of its own, right after the current one (a message, which no timer clamping delays). */
function nextTask(flush: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    flush();
  };
  channel.port2.postMessage(null);
}

/** `options.requestAnimationFrame` of preact/hooks: schedules the flush of pending effects. */
export function scheduleEffects(flush: () => void): void {
  // window.event: the event whose listener is running (or whose microtasks are), if any
  if (isDiscreteInput(window.event)) queueMicrotask(flush);
  else nextTask(flush);
}
