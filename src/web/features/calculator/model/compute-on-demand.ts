import { useEffect, useState } from "react";
import type * as Compute from "./compute";

// compute.ts checks the draft's request against the contract's schema (contracts/calculate.ts,
// zod's full API): it loads when the results are near (the step before them) or shown, not with
// the calculator's first load (decision 035). The service worker precaches its chunk
// (`compute-<hash>.js`) with the offline calculator.

type ComputeModule = typeof Compute;

let loaded: ComputeModule | undefined;
let loading: Promise<ComputeModule> | undefined;

/** Starts (once) the download of compute.ts; a failed one is tried again on the next call. */
export function loadCompute(): Promise<ComputeModule> {
  loading ??= import("./compute").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** compute.ts once it is here (undefined meanwhile); `wanted` starts its download. */
export function useCompute(wanted: boolean): ComputeModule | undefined {
  const [module, setModule] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadCompute().then(
      (m) => {
        if (live) setModule(() => m);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module ?? loaded;
}
