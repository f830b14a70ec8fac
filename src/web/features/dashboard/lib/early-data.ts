import { CURRENT_WORKSPACE_KEY, readKey } from "~/features/auth/lib/storage-keys";
import { requestEarly } from "~/lib/api-client";
import { recentCalculationsCount } from "./recent-count";

const ws = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;

async function json(response: Promise<Response>): Promise<unknown> {
  const answer = await response;
  return answer.ok ? answer.json() : null;
}

/**
 * What the dashboard shows, asked for before React has loaded (entry.client.tsx, issue 12): the
 * session first (nothing else is asked for without one, so a signed-out visit makes no failing
 * request), then the profile, the invitations and the workspaces, then the current workspace's
 * tracker and latest calculations. The same paths as the feature APIs, which take the answers
 * (lib/api-client.ts); the workspace is the one the provider will pick (remembered, or the
 * first).
 */
export async function requestDashboardData(): Promise<void> {
  const session = (await json(requestEarly("/api/auth/get-session")).catch(() => null)) as {
    user?: unknown;
  } | null;
  if (!session?.user) return;
  void requestEarly("/api/me");
  void requestEarly("/api/invitations");
  const list = (await json(requestEarly("/api/workspaces")).catch(() => null)) as Array<{
    id: string;
  }> | null;
  if (!Array.isArray(list)) return;
  const remembered = readKey(CURRENT_WORKSPACE_KEY);
  const current = list.find((w) => w.id === remembered) ?? list[0];
  if (!current) return;
  void requestEarly(`${ws(current.id)}/zakat`);
  void requestEarly(`${ws(current.id)}/calculations?latest=${recentCalculationsCount}`);
}
