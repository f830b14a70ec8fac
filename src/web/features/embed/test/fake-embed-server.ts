import { vi } from "vitest";
import type { EmbedConfig } from "../../../../contracts/embed";

// A fake of /api/embed-configs at the network boundary: `fetch` answers the contract's shapes
// (src/contracts/embed.ts) from an in-memory list, newest first, and records what it was sent.

export function makeConfig(n: number, fields: Partial<EmbedConfig> = {}): EmbedConfig {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    embedKey: `Key${n}ABCDEFGHIJKLMNOPQRSTUVWXYZabc`.slice(0, 32),
    name: `Site ${n}`,
    allowedDomains: ["example.org"],
    config: {},
    callToAction: null,
    isActive: true,
    createdAt: `2025-03-0${n}T10:00:00.000Z`,
    ...fields,
  };
}

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export function serveEmbedConfigs(
  initial: EmbedConfig[],
  options: { failList?: boolean; planLimitOnPatch?: boolean; failPatch?: boolean } = {},
) {
  let list = [...initial];
  const sent: SentRequest[] = [];
  const error = (status: number, code: string, fields?: Record<string, string>) =>
    Response.json({ error: { code, message: code, ...(fields ? { fields } : {}) } }, { status });
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const method = init?.method ?? "GET";
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (!url.pathname.startsWith("/api/embed-configs")) return error(404, "NOT_FOUND");
    sent.push({ method, path: url.pathname, body });
    const id = url.pathname.split("/")[3];
    if (method === "GET") {
      return options.failList ? error(503, "UNAVAILABLE") : Response.json(list);
    }
    if (method === "POST") {
      const b = body as { name: string; allowedDomains: string[]; config?: EmbedConfig["config"] };
      const created = makeConfig(list.length + 1, {
        name: b.name,
        allowedDomains: b.allowedDomains,
        config: b.config ?? {},
        createdAt: "2025-04-01T10:00:00.000Z",
      });
      list = [created, ...list];
      return Response.json(created, { status: 201 });
    }
    const current = list.find((c) => c.id === id);
    if (!current) return error(404, "NOT_FOUND");
    if (method === "PATCH") {
      if (options.failPatch) return error(503, "UNAVAILABLE");
      if (options.planLimitOnPatch && (body as { allowedDomains?: unknown }).allowedDomains) {
        return error(403, "PLAN_LIMIT_REACHED");
      }
      const updated = { ...current, ...(body as Partial<EmbedConfig>) };
      list = list.map((c) => (c.id === id ? updated : c));
      return Response.json(updated);
    }
    if (method === "DELETE") {
      list = list.filter((c) => c.id !== id);
      return new Response(null, { status: 204 });
    }
    return error(405, "METHOD_NOT_ALLOWED");
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, sent, changes: () => sent.filter((r) => r.method !== "GET") };
}
