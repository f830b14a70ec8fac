import { useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast, toast as sonnerToast } from "sonner";

// Toasts without sonner on the first load (issue 12: a public page loads only what it shows).
// `toast.success(…)` etc. load sonner on their first call and ask the app layout to mount its
// Toaster (toaster.tsx, lazy); sonner replays toasts created before its Toaster subscribed, so
// nothing said early is lost. Once sonner is here, calls go straight through.

type Sonner = typeof SonnerModule;
type Message = Parameters<typeof sonnerToast.success>[0];

let loaded: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const subscribers = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner").then((module) => (loaded = module));
    // offline or mid-deploy: the next toast tries again
    loading.catch(() => (loading = undefined));
    for (const notify of subscribers) notify();
  }
  return loading;
}

function call(run: (sonner: Sonner) => void): void {
  if (loaded) run(loaded);
  else void loadSonner().then(run);
}

const kind =
  (name: "success" | "error" | "warning" | "info" | "message") =>
  (...args: [message: Message, options?: ExternalToast]): void =>
    call((sonner) => void sonner.toast[name](...args));

export const toast = {
  success: kind("success"),
  error: kind("error"),
  warning: kind("warning"),
  info: kind("info"),
  message: kind("message"),
  dismiss: (id?: string | number): void => {
    if (loaded) loaded.toast.dismiss(id);
  },
};

/** True once a toast has been asked for: the layout then mounts the Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => loading !== undefined,
    () => false,
  );
}
