// Text typed into a prerendered page before React has hydrated it (a slow connection, a quick
// visitor) would be lost: React keeps the field's text when it hydrates, but its state still
// says "", and the field's next render writes "" back. Once the page has hydrated, each text
// field whose text differs from the one it was rendered with is replayed as an input event, so
// its onChange takes the text into state.

const textLike = new Set(["text", "email", "password", "search", "tel", "url", "number", ""]);

/** The fields whose text the person changed before hydration. */
function typedFields(root: ParentNode): Array<HTMLInputElement | HTMLTextAreaElement> {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea");
  return [...fields].filter(
    (field) =>
      (field instanceof HTMLTextAreaElement || textLike.has(field.type)) &&
      !field.readOnly &&
      !field.disabled &&
      field.value !== field.defaultValue,
  );
}

/**
 * Replays the text of fields typed before hydration. React tracks a field's last known value
 * through the element's own `value` property: setting that to the rendered text and the real
 * text through the prototype's setter makes the input event a change React reports.
 */
export function replayTypedBeforeHydration(root: ParentNode = document): void {
  for (const field of typedFields(root)) {
    const typed = field.value;
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
