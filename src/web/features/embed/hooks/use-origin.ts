import { useEffect, useState } from "react";

/** The page's origin once in the browser ("" while prerendering: the code then starts at /). */
export function useOrigin(): string {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}
