import {
  defaultNotificationSettings,
  type NotificationSettings,
} from "#contracts/notifications.ts";
import type { ObligationDto, TrackerSettings, ZakatData } from "#contracts/zakat.ts";
import {
  addMilestone,
  deriveTimeline,
  plainMilestone,
  removeMilestone,
  restoreMilestones,
  quarterPercents,
  sortMilestones,
  type ReviewTitles,
  type Milestone,
} from "#domain/hawl/index.ts";
import { statementYears } from "#domain/hawl/statement-years.ts";
import { Decimal } from "#domain/money/decimal.ts";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { apiError, route, serve, type RouteRequest } from "~/test/msw";

/** The review titles the server stores for a person adding in `lang`: the web's catalog words. */
function reviewTitlesIn(lang: Language): ReviewTitles {
  const t = i18nFor(lang).getFixedT(lang, "tracker");
  const [q1, q2, q3, q4] = quarterPercents.map((percent) =>
    t("titles.review-quarterly", { percent }),
  );
  return { quarterly: [q1!, q2!, q3!, q4!], monthly: t("titles.review-monthly") };
}

// The tracker API as MSW handlers checked against the contract
// (src/contracts/endpoints/tracker.ts): answers from in-memory state, applying the domain's own
// rules as the server does, so rule violations come back as the server's 409s.

export const workspaceId = "00000000-0000-4000-8000-00000000000a";

let counter = 0;
export const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

export function milestone(partial: Partial<Milestone> & Pick<Milestone, "date">): Milestone {
  return plainMilestone({ id: newId(), title: "Milestone", type: "due", ...partial });
}

export interface FakeTracker {
  milestones: Milestone[];
  obligations: ObligationDto[];
  settings: TrackerSettings;
  /** GET/PATCH /api/me/notification-settings (the person's, not the workspace's) */
  notifications: NotificationSettings;
  /** the bodies of the writes, in order: "POST /milestones {…}" */
  requests: { method: string; path: string; body: unknown }[];
  fail: { load?: boolean; remove?: boolean };
  /** GET …/statements: whether the plan includes them, and the calculation of a due date */
  statements: { included: boolean; calculations: Record<string, string> };
}

export function serveTracker(initial: Partial<FakeTracker> = {}): FakeTracker {
  const state: FakeTracker = {
    milestones: [],
    obligations: [],
    settings: { hawlRule: "majority", yearBasis: "hijri", currency: "EUR" },
    notifications: { ...defaultNotificationSettings },
    requests: [],
    fail: {},
    statements: { included: true, calculations: {} },
    ...initial,
  };
  const data = (): ZakatData => {
    const sum = (values: string[]) =>
      values.reduce((total, v) => total.plus(v), new Decimal(0)).toFixed(2);
    return {
      ...deriveTimeline(state.milestones, state.settings.hawlRule),
      milestones: sortMilestones(state.milestones).map((m) => ({
        ...m,
        titleCode: m.titleCode ?? null,
        titleParams: m.titleParams ?? null,
      })),
      obligations: state.obligations,
      totalDue: sum(state.obligations.map((o) => o.amount)),
      totalPaid: sum(state.obligations.map((o) => o.paidAmount)),
      settings: state.settings,
    };
  };
  const change = (changed: string[]) => {
    const { obligations: _o, totalDue: _d, totalPaid: _p, settings: _s, ...rest } = data();
    return { ...rest, changed };
  };
  const error = (status: number, code: string, message: string) => apiError(status, code, message);
  /** a write of the workspace's tracker: recorded with its path under the workspace */
  const write =
    (resolve: (request: RouteRequest, path: string) => Response) => (request: RouteRequest) => {
      const path = request.url.pathname.slice(`/api/workspaces/${request.params.ws}`.length);
      state.requests.push({ method: request.method, path, body: request.body });
      if (request.params.ws !== workspaceId) return error(404, "NOT_FOUND", "Not found");
      return resolve(request, path);
    };

  serve(
    route("get", "/api/me/notification-settings", () => Response.json(state.notifications)),
    route("patch", "/api/me/notification-settings", ({ method, url, body }) => {
      state.requests.push({ method, path: url.pathname, body });
      state.notifications = { ...state.notifications, ...(body as object) };
      return Response.json(state.notifications);
    }),
    route("get", "/api/workspaces/{ws}/statements", ({ params }) => {
      if (params.ws !== workspaceId) return error(404, "NOT_FOUND", "Not found");
      const { hawlRule, yearBasis } = state.settings;
      const years = statementYears(state.milestones, hawlRule, yearBasis).reverse();
      return Response.json({
        included: state.statements.included,
        years: years.map((y) => {
          const calculationId = state.statements.calculations[y.due] ?? null;
          return {
            due: y.due,
            start: y.start,
            hijriYear: y.hijriYear,
            calculationId,
            calculationDate: calculationId ? y.due : null,
            calculations: calculationId
              ? [{ id: calculationId, name: "Zakat", calculationDate: y.due }]
              : [],
          };
        }),
      });
    }),
    route("get", "/api/workspaces/{ws}/zakat", ({ params }) => {
      if (params.ws !== workspaceId) return error(404, "NOT_FOUND", "Not found");
      return state.fail.load ? error(500, "INTERNAL", "boom") : Response.json(data());
    }),
    route(
      "post",
      "/api/workspaces/{ws}/milestones/restore",
      write(({ body }) => {
        const result = restoreMilestones(
          state.milestones,
          (body as { milestones: Milestone[] }).milestones,
          { rule: state.settings.hawlRule },
        );
        if (!result.ok) return error(409, result.code, result.message);
        state.milestones = result.milestones;
        return Response.json(change(result.added.map((m) => m.id)));
      }),
    ),
    route(
      "post",
      "/api/workspaces/{ws}/milestones",
      write(({ body }) => {
        const request = body as {
          date: string;
          title: string;
          type: Milestone["type"];
          reminders?: { quarterly: boolean; monthly: boolean };
          language?: "en" | "fr" | "nl";
          titleCode?: "nisab-reached" | "nisab-below";
          today?: string;
        };
        const result = addMilestone(
          state.milestones,
          {
            date: request.date,
            title: request.title,
            type: request.type,
            quarterlyReminder: request.reminders?.quarterly ?? false,
            monthlyReminder: request.reminders?.monthly ?? false,
            titleCode: request.titleCode ?? null,
          },
          {
            today: request.today,
            now: new Date(),
            newId,
            reviewTitles: reviewTitlesIn(request.language ?? "en"),
            rule: state.settings.hawlRule,
          },
        );
        if (!result.ok) return error(409, result.code, result.message);
        state.milestones = result.milestones;
        return Response.json(change(result.added.map((m) => m.id)), { status: 201 });
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}/milestones/{id}",
      write(({ params }) => {
        if (state.fail.remove) return error(500, "INTERNAL", "boom");
        const result = removeMilestone(state.milestones, params.id!);
        state.milestones = result.milestones;
        return Response.json(change(result.removed));
      }),
    ),
    route(
      "post",
      "/api/workspaces/{ws}/obligations",
      write(({ body }) => {
        const request = body as Omit<ObligationDto, "id" | "paidAmount" | "createdAt">;
        const record: ObligationDto = {
          id: newId(),
          ...request,
          amount: new Decimal(request.amount).toFixed(2),
          paidAmount: "0.00",
          createdAt: new Date().toISOString(),
        };
        state.obligations = [record, ...state.obligations];
        return Response.json(record, { status: 201 });
      }),
    ),
    route(
      "post",
      "/api/workspaces/{ws}/obligations/{id}/payments",
      write(({ params, body }) => {
        const record = state.obligations.find((o) => o.id === params.id);
        if (!record) return error(404, "NOT_FOUND", "Not found");
        const paid = new Decimal(record.paidAmount).plus((body as { amount: string }).amount);
        if (paid.greaterThan(record.amount)) {
          return apiError(400, "VALIDATION_FAILED", "exceeds", { amount: "exceeds_remaining" });
        }
        record.paidAmount = paid.toFixed(2);
        return Response.json(record, { status: 201 });
      }),
    ),
    route(
      "patch",
      "/api/workspaces/{ws}/zakat/settings",
      write(({ body }) => {
        state.settings = { ...state.settings, ...(body as Partial<TrackerSettings>) };
        return Response.json(state.settings);
      }),
    ),
  );
  return state;
}
