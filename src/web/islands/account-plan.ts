import { hasSignedInHint } from "~/lib/signed-in-hint";

// The static pages (decision 025) are the signed-out pages for everyone. For a visitor who is
// signed in, this shows the header's signed-in actions and, on pricing, marks the account's plan and points the plans' buttons where the app's
// pricing page would: a paid plan to checkout (or, where plans are not bought online here, an
// e-mail to support with its note), the free plan to the dashboard. The prerender wrote those
// targets into data attributes (features/pricing/components/plan-card.tsx).

/** GET as JSON, or null on any failure (the page then stays the signed-out one). */
export type GetJson = (url: string) => Promise<unknown>;

const getJson: GetJson = async (url) => {
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
};

/** What the page shows the account: its plan marked, each button's signed-in target. */
export function applyAccountPlan(doc: Document, plan: string | null, onlinePayment: boolean) {
  for (const badge of doc.querySelectorAll<HTMLElement>("[data-current-plan]")) {
    badge.hidden = badge.dataset.currentPlan !== plan;
  }
  const contact = (forPlan: string | undefined) =>
    forPlan !== "free" && forPlan !== plan && !onlinePayment;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-plan-cta]")) {
    // the account's own plan offers nothing to choose: it says so, as the app's page does
    if (link.dataset.planCta === plan && link.dataset.currentLabel) {
      link.textContent = link.dataset.currentLabel;
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
      continue;
    }
    const target = contact(link.dataset.planCta)
      ? link.dataset.contactHref
      : link.dataset.signedInHref;
    if (target) link.setAttribute("href", target);
  }
  for (const note of doc.querySelectorAll<HTMLElement>("[data-contact-note]")) {
    note.hidden = !contact(note.dataset.contactNote);
  }
}

/**
 * The session (GET /api/auth/get-session; a signed-out visitor's answer is null, and no database
 * is asked). Signed in: <html data-session="signed-in">, which shows the header's signed-in
 * actions in the space the prerender kept for them (static-session-actions.tsx), and on a page
 * with plan buttons the account's plan (GET /api/me/plan).
 */
export async function showAccount(
  doc: Document,
  get: GetJson = getJson,
  hinted: boolean = hasSignedInHint(),
): Promise<void> {
  // a browser never signed in to the app asks nothing (lib/signed-in-hint.ts)
  if (!hinted) return;
  const session = (await get("/api/auth/get-session")) as { user?: unknown } | null;
  if (!session?.user) return;
  doc.documentElement.dataset.session = "signed-in";
  if (!doc.querySelector("a[data-plan-cta]")) return;
  const usage = (await get("/api/me/plan")) as { plan?: string; onlinePayment?: boolean } | null;
  applyAccountPlan(doc, usage?.plan ?? null, usage?.onlinePayment ?? false);
}
