import type { EmbedConfig } from "#contracts/embed.ts";
import type { Plan } from "#contracts/me.ts";
import { planLimits } from "#domain/plans.ts";
import { apiCalls, apiError, route, serve, type ApiCall } from "~/test/msw";

// /api/embed-configs as MSW handlers checked against the contract
// (src/contracts/endpoints/embed.ts): answers from an in-memory list, newest first.

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

export type SentRequest = Pick<ApiCall, "method" | "path" | "body">;

export function serveEmbedConfigs(
  initial: EmbedConfig[],
  options: {
    failList?: boolean;
    planLimitOnPatch?: boolean;
    failPatch?: boolean;
    /** GET /api/me/plan's plan (default pro: no limit in a test's way); domains counted */
    plan?: Plan;
  } = {},
) {
  let list = [...initial];
  const plan = options.plan ?? "pro";
  serve(
    route("get", "/api/me/plan", () =>
      Response.json({
        plan,
        usage: [
          {
            feature: "embedDomains",
            used: new Set(list.flatMap((c) => c.allowedDomains)).size,
            limit: planLimits[plan].embedDomains,
          },
        ],
        renewsAt: null,
        endsAt: null,
        onlinePayment: false,
        manageable: false,
      }),
    ),
    route("get", "/api/embed-configs", () =>
      options.failList ? apiError(503, "UNAVAILABLE") : Response.json(list),
    ),
    route("post", "/api/embed-configs", ({ body }) => {
      const b = body as { name: string; allowedDomains: string[]; config?: EmbedConfig["config"] };
      const created = makeConfig(list.length + 1, {
        name: b.name,
        allowedDomains: b.allowedDomains,
        config: b.config ?? {},
        createdAt: "2025-04-01T10:00:00.000Z",
      });
      list = [created, ...list];
      return Response.json(created, { status: 201 });
    }),
    route("patch", "/api/embed-configs/{id}", ({ params, body }) => {
      const current = list.find((c) => c.id === params.id);
      if (!current) return apiError(404, "NOT_FOUND");
      if (options.failPatch) return apiError(503, "UNAVAILABLE");
      if (options.planLimitOnPatch && (body as { allowedDomains?: unknown }).allowedDomains) {
        return apiError(403, "PLAN_LIMIT_REACHED");
      }
      const updated = { ...current, ...(body as Partial<EmbedConfig>) };
      list = list.map((c) => (c.id === params.id ? updated : c));
      return Response.json(updated);
    }),
    route("delete", "/api/embed-configs/{id}", ({ params }) => {
      if (!list.some((c) => c.id === params.id)) return apiError(404, "NOT_FOUND");
      list = list.filter((c) => c.id !== params.id);
      return new Response(null, { status: 204 });
    }),
  );
  const sent = (): SentRequest[] =>
    apiCalls()
      .filter((c) => c.path.startsWith("/api/embed-configs"))
      .map(({ method, path, body }) => ({ method, path, body }));
  return { sent, changes: () => sent().filter((r) => r.method !== "GET") };
}
