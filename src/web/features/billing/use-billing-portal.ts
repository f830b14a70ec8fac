import { useState } from "react";
import { useLanguage } from "~/app/language";
import { openBillingPortal } from "./billing-api";

/** Sends the browser to Stripe's customer portal; "failed" when it could not be opened. */
export function useBillingPortal() {
  const lang = useLanguage();
  const [portal, setPortal] = useState<"idle" | "opening" | "failed">("idle");
  const open = async () => {
    setPortal("opening");
    try {
      window.location.assign(await openBillingPortal(lang));
    } catch {
      setPortal("failed");
    }
  };
  return { portal, open };
}
