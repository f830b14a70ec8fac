import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { toast, useToasterWanted } from "./toast";
import { Toaster } from "./toaster";

// The layout mounts its Toaster only once a toast is asked for (shell/layout.tsx); what is said
// before the Toaster has subscribed must still be shown.
function Host() {
  return useToasterWanted() ? <Toaster label="Notifications" /> : <p>no toaster yet</p>;
}

afterEach(() => toast.dismiss());

describe("toast", () => {
  it("loads sonner on the first toast, which the late Toaster still shows", async () => {
    render(<Host />);
    act(() => toast.success("Saved to your history"));
    expect(await screen.findByText("Saved to your history")).toBeTruthy();
    expect(screen.queryByText("no toaster yet")).toBeNull();
  });

  it("passes the options through (a toast with an id replaces the previous one)", async () => {
    render(<Host />);
    act(() => toast.warning("First", { id: "same" }));
    expect(await screen.findByText("First")).toBeTruthy();
    act(() => toast.warning("Second", { id: "same" }));
    expect(await screen.findByText("Second")).toBeTruthy();
    expect(screen.queryByText("First")).toBeNull();
  });
});
