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

/** The inputs that run the pending effects first: a dialog painted a moment ago already listens. */
const inputsThatFlush = ["keydown", "pointerdown", "mousedown", "touchstart", "focusin"] as const;

/**
 * A task of its own, right after the current one (a message, which no timer clamping delays),
 * or sooner: Chromium handles input before other tasks, so a key pressed just after a dialog
 * was painted could reach the page while the dialog's effects (its Escape listener, its focus
 * trap) still waited for their message. An input's first listener (the window's, capturing)
 * runs them, and the listeners further down its path are then in place.
 */
function nextTask(flush: () => void): void {
  let pending = true;
  const run = () => {
    if (!pending) return;
    pending = false;
    channel.port1.close();
    for (const type of inputsThatFlush) window.removeEventListener(type, run, true);
    flush();
  };
  const channel = new MessageChannel();
  channel.port1.onmessage = run;
  for (const type of inputsThatFlush) window.addEventListener(type, run, true);
  channel.port2.postMessage(null);
}

/** `options.requestAnimationFrame` of preact/hooks: schedules the flush of pending effects. */
export function scheduleEffects(flush: () => void): void {
  // window.event: the event whose listener is running (or whose microtasks are), if any
  if (isDiscreteInput(window.event)) queueMicrotask(flush);
  else nextTask(flush);
}
