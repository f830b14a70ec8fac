import { hydrate } from "preact";
import { renderToString } from "preact-render-to-string";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { hydrateWith, HydrateLater, whenHydrated } from "./hydrate-later";

// On Preact (the browser's renderer): a part in <HydrateLater> keeps its prerendered element and
// hydrates in a later task; the rest of the page hydrates at once.
function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" data-testid={id} onClick={() => setN(n + 1)}>
      {id} {n}
    </button>
  );
}
function Page() {
  return (
    <div>
      <HydrateLater>
        <header>
          <Counter id="header" />
        </header>
      </HydrateLater>
      <main>
        <Counter id="main" />
      </main>
      <HydrateLater>
        <footer>
          <Counter id="footer" />
        </footer>
      </HydrateLater>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("HydrateLater on Preact", () => {
  it("hydrates the page at once and each part in a task of its own, keeping the server's elements", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const server = {
      header: container.querySelector("header"),
      main: container.querySelector("main"),
      footer: container.querySelector("footer"),
    };
    const click = async (id: string) => {
      container.querySelector<HTMLButtonElement>(`[data-testid=${id}]`)!.click();
      await microtasks();
      return container.querySelector(`[data-testid=${id}]`)!.textContent;
    };

    hydrateWith(() => hydrate(<Page />, container));
    // the page itself: hydrated
    expect(await click("main")).toBe("main 1");
    // the parts: on screen as the server wrote them, not listening yet
    expect(await click("header")).toBe("header 0");
    expect(await click("footer")).toBe("footer 0");

    await whenHydrated();
    await microtasks();
    expect(await click("header")).toBe("header 1");
    expect(await click("footer")).toBe("footer 1");
    // the very elements the server wrote, nothing rendered twice
    expect(container.querySelector("header")).toBe(server.header);
    expect(container.querySelector("main")).toBe(server.main);
    expect(container.querySelector("footer")).toBe(server.footer);
    expect(container.querySelectorAll("button")).toHaveLength(3);
    container.remove();
  });

  it("takes one task per part", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    hydrateWith(() => hydrate(<Page />, container));
    const click = async (id: string) => {
      container.querySelector<HTMLButtonElement>(`[data-testid=${id}]`)!.click();
      await microtasks();
      return container.querySelector(`[data-testid=${id}]`)!.textContent;
    };
    // task by task: the header's turn comes first, and the footer's is a task of its own after it
    let tasks = 0;
    while ((await click("header")) === "header 0") {
      expect(await click("footer")).toBe("footer 0");
      await nextTask();
      tasks++;
    }
    expect(tasks).toBeGreaterThan(0);
    expect(await click("footer")).toBe("footer 0");
    await nextTask();
    await microtasks();
    expect(await click("footer")).toBe("footer 1");
  });

  it("renders a part at once outside a hydration", async () => {
    const container = document.createElement("div");
    hydrate(<Page />, container); // no server HTML, not through hydrateWith: a plain render
    await microtasks();
    expect(container.querySelectorAll("button")).toHaveLength(3);
  });
});
