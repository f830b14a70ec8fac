import type { QueryClient } from "@tanstack/react-query";

/**
 * Calls `onError` with the error of every query and mutation of `queryClient` that fails from
 * now on (the session provider re-checks the session on a 401, the workspace provider the list
 * on a 404). Returns the unsubscribe, fit for a useEffect's cleanup.
 */
export function subscribeToApiErrors(
  queryClient: QueryClient,
  onError: (error: unknown) => void,
): () => void {
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
