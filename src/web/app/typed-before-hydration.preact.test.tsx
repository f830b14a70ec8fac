import { hydrate } from "preact";
import { renderToString } from "preact-render-to-string";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { hydrateKeepingTypedText } from "./typed-before-hydration";

// On Preact (the browser's renderer): an e-mail typed into the prerendered sign-up form before
// it hydrated, then a password typed at once after. The password's render writes every field's
// state back into its element; the e-mail must be in state by then (a CI run lost it).
function SignUp() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form>
      <input
        type="email"
        data-testid="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <input
        type="password"
        data-testid="password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
    </form>
  );
}

const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
/** What typing does to a field: its text, then an input event. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

afterEach(() => document.body.replaceChildren());

describe("text typed before hydration, on Preact", () => {
  it("is in state before the next input renders the form", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<SignUp />);
    document.body.append(container);
    const field = (id: string) => container.querySelector<HTMLInputElement>(`[data-testid=${id}]`)!;

    field("email").value = "typed@example.test"; // no listener yet: the page has not hydrated
    hydrateKeepingTypedText(() => hydrate(<SignUp />, container), container);
    type(field("password"), "correct horse battery staple");
    await microtasks();

    expect(field("email").value).toBe("typed@example.test");
    expect(field("password").value).toBe("correct horse battery staple");
  });
});
