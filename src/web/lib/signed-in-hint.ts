// The static pages (decision 025) ask the server for the session only when this browser has
// been signed in to the app: a signed-out visitor's page makes no API request, so it neither
// costs the server nor meets the per-address limit of Better Auth's routes (a shared address,
// or the browser tests, made the session check 429). A hint, not a credential: the server still
// answers who is signed in.

/** localStorage key the app sets while its session is signed in, and removes at sign-out. */
export const SIGNED_IN_HINT_KEY = "hawl_signed_in";

export function hasSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) === "1";
  } catch {
    return false; // storage disabled: the page stays the signed-out one
  }
}
