// The saved calculations' query keys, apart from calculations-api.ts: the calculator's save
// invalidates them without loading the calls' schemas first (decision 035).

/** Every calculation query of a workspace starts with this key: invalidate it after a change. */
export const calculationsQueryKey = (workspaceId: string) => ["calculations", workspaceId] as const;

/** One history page (10 rows, newest first). */
export const calculationPageQueryKey = (workspaceId: string, page: number) =>
  [...calculationsQueryKey(workspaceId), page] as const;

/** The N newest (the dashboard's recent list). */
export const latestCalculationsQueryKey = (workspaceId: string, latest: number) =>
  [...calculationsQueryKey(workspaceId), "latest", latest] as const;
