// Text typed into a prerendered page before React has hydrated it (a slow connection, a quick
// visitor) would be lost: React keeps the field's text when it hydrates, but its state still
// says "", and the field's next render writes "" back. Once the page has hydrated, each text
// field whose text differs from the one it was rendered with is replayed as an input event, so
// its onChange takes the text into state. Boxes and radio buttons ticked (or unticked) before
// hydration are lost the same way, and are replayed as a click.

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
  for (const box of changedChoices(root)) {
    // back to the rendered state through React's tracker (the element's own `checked`), then a
    // real click: it toggles the box to what the person chose and React reports the change
    box.checked = box.defaultChecked;
    box.click();
  }
}

/** The boxes ticked or unticked, and the radio buttons chosen, before hydration. */
function changedChoices(root: ParentNode): HTMLInputElement[] {
  const boxes = root.querySelectorAll<HTMLInputElement>(
    'input[type="checkbox"], input[type="radio"]',
  );
  return [...boxes].filter(
    (box) =>
      !box.disabled &&
      box.checked !== box.defaultChecked &&
      // a radio button unticked by choosing another: that one's click says it
      (box.type === "checkbox" || box.checked),
  );
}
