import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

// Menus and dialogs whose machinery (Radix: focus trap, dismissal, positioning) is not part of
// a page's first load (issue 12: a public page loads only what it shows). Until first used, a
// plain button with the final look stands in for the control's trigger; pointing at it or
// focusing it starts the download, clicking it renders the real control, open, in its place
// (Radix then moves focus into it and gives it back to the real trigger on close). Once the
// module is here, later mounts render the real control at once.

export interface OnDemandModule<P> {
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>;
  loaded?: ComponentType<P & { defaultOpen?: boolean }>;
  loading?: Promise<ComponentType<P & { defaultOpen?: boolean }>>;
}

export function onDemand<P>(
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>,
): OnDemandModule<P> {
  return { load };
}

function fetchModule<P>(module: OnDemandModule<P>) {
  if (!module.loading) {
    module.loading = module.load().then((component) => (module.loaded = component));
    // offline or mid-deploy: the next click tries again
    module.loading.catch(() => (module.loading = undefined));
  }
  return module.loading;
}

export interface TriggerIntent {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  "aria-expanded": false;
}

export function OnDemand<P extends object>({
  module,
  props,
  trigger,
}: {
  module: OnDemandModule<P>;
  props: P;
  /** the stand-in trigger: a button with the real one's look, given these handlers */
  trigger: (intent: TriggerIntent) => ReactNode;
}) {
  const [Loaded, setLoaded] = useState(() => module.loaded);
  const [opened, setOpened] = useState(false);
  if (Loaded) return <Loaded {...props} defaultOpen={opened} />;
  return trigger({
    onPointerEnter: () => void fetchModule(module).catch(() => undefined),
    onFocus: () => void fetchModule(module).catch(() => undefined),
    onClick: () => {
      setOpened(true);
      fetchModule(module).then(
        (component) => setLoaded(() => component),
        () => setOpened(false),
      );
    },
    "aria-expanded": false,
  });
}

/**
 * Starts the download (pointing at or focusing what will open it); failures wait for the next
 * try. Resolves once the module is here (tests that open the real control at once await it).
 */
export function prefetchOnDemand<P>(module: OnDemandModule<P>): Promise<void> {
  return fetchModule(module).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A dialog opened by state rather than by its own trigger (a button elsewhere, an answer of the
 * server): the component once `wanted` has been true, undefined until its module is here.
 * `onError` runs when the module cannot be fetched (offline, mid-deploy); the next time
 * `wanted` turns true tries again.
 */
export function useOnDemand<P>(
  module: OnDemandModule<P>,
  wanted: boolean,
  onError?: () => void,
): ComponentType<P & { defaultOpen?: boolean }> | undefined {
  const [Loaded, setLoaded] = useState(() => module.loaded);
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    if (!wanted || Loaded) return;
    let live = true;
    fetchModule(module).then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => {
        if (live) failed.current?.();
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Loaded, module]);
  return Loaded;
}

/**
 * A controlled dialog (its page holds `open`) whose machinery loads when it first opens: until
 * then it renders nothing, as a closed Radix dialog does. The button that opens it is the page's
 * own and keeps focus while the chunk arrives; Radix then moves focus into the dialog and, on
 * close, back to that button (the element focused when the dialog mounted). `preload` starts
 * the download early (pointing at or focusing the opening button). If the chunk cannot be
 * fetched (offline, mid-deploy), `close` gives the page its closed state back, so the next click
 * tries again.
 */
export function dialogOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { isOpen, close }: { isOpen: (props: P) => boolean; close: (props: P) => void },
): ComponentType<P> & { preload: () => void } {
  const module: OnDemandModule<P> = { load };
  function DialogOnDemand(props: P) {
    const Loaded = useOnDemand(module, isOpen(props), () => close(props));
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(DialogOnDemand, {
    preload: () => void prefetchOnDemand(module),
  });
}
