import { calculationSummarySchema, type Calculation } from "#contracts/calculations.ts";
import { resolveMethodology } from "#domain/zakat/methodology.ts";
import { apiError, route, serve, type RouteRequest } from "~/test/msw";
import { toSaveBody } from "../model/saved";
import { cashDraft } from "./drafts";

// Saving calculations (POST /api/workspaces/{ws}/calculations, PUT …/{id}) as MSW handlers
// checked against the contract (src/contracts/endpoints/calculations.ts).

export const savedId = "0b5e8a5e-5d1c-4f5e-9a53-8f9c1c2d3e4f";

/** What the server answers for a saved calculation: the inputs sent, the server's results. */
export function savedCalculation(body: unknown, version = 1): Calculation {
  const sent = body as Calculation & { methodology?: Parameters<typeof resolveMethodology>[0] };
  return {
    id: savedId,
    version,
    name: sent.name,
    calculationDate: "2026-11-21",
    isCompleted: sent.isCompleted,
    currency: sent.currency,
    createdBy: "u1",
    createdAt: "2026-11-21T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    prices: sent.prices ?? { goldPerGram: "80", silverPerGram: "0.95" },
    priceSource: sent.priceSource ?? null,
    priceDate: sent.priceDate ?? null,
    methodology: resolveMethodology(sent.methodology),
    assetSelection: sent.assetSelection,
    liabilitySelection: sent.liabilitySelection,
    cashAmounts: sent.cashAmounts,
    goldSilverAmounts: sent.goldSilverAmounts,
    moneyOwedAmounts: sent.moneyOwedAmounts,
    sharesBusinessAmounts: sent.sharesBusinessAmounts,
    liabilityAmounts: sent.liabilityAmounts,
    ...(sent.rates ? { rates: sent.rates } : {}),
    ...(sent.milestoneId ? { milestoneId: sent.milestoneId } : {}),
    totalAssets: "12500.00",
    totalLiabilities: "0.00",
    zakatableAmount: "12500.00",
    nissabValue: "565.25",
    isAboveNissab: true,
    zakatDue: "312.50",
  };
}

const codes: Record<number, string> = { 400: "VALIDATION_FAILED", 404: "NOT_FOUND" };

/**
 * Answers saves: each POST with the next status of `statuses` (201 once they run out; another
 * status is refused in the error shape), each PUT with the next version. The requests seen are
 * in `posts` and `puts`; push to `statuses` to refuse the next saves. The workspace's list holds
 * calculations named `listed` (push to it before the list is asked for).
 */
export function serveSaves(statuses: number[] = [], listed: string[] = []) {
  const posts: RouteRequest[] = [];
  const puts: RouteRequest[] = [];
  serve(
    route("get", "/api/workspaces/{ws}/calculations", () => {
      const calculations = listed.map((name, index) =>
        calculationSummarySchema.parse({
          ...savedCalculation(toSaveBody(cashDraft("results"), { name, isCompleted: true })),
          id: `0b5e8a5e-5d1c-4f5e-9a53-${String(index).padStart(12, "0")}`,
        }),
      );
      const totalCount = calculations.length;
      return Response.json({
        calculations,
        totalCount,
        totalPages: Math.ceil(totalCount / 10),
        page: 1,
      });
    }),
    route("post", "/api/workspaces/{ws}/calculations", (request) => {
      posts.push(request);
      const status = statuses.shift() ?? 201;
      if (status !== 201) return apiError(status, codes[status] ?? "INTERNAL", "refused");
      return Response.json(savedCalculation(request.body), { status: 201 });
    }),
    route("put", "/api/workspaces/{ws}/calculations/{id}", (request) => {
      puts.push(request);
      const version = (request.body as { version: number }).version + 1;
      return Response.json(savedCalculation(request.body, version));
    }),
  );
  return { posts, puts, statuses };
}
