import { vi } from "vitest";
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from "../../../../contracts/notifications";
import type { ObligationDto, TrackerSettings, ZakatData } from "../../../../contracts/zakat";
import {
  addMilestone,
  deriveTimeline,
  removeMilestone,
  restoreMilestones,
  reviewTitles,
  sortMilestones,
  type Milestone,
} from "../../../../domain/hawl/index";
import { Decimal } from "../../../../domain/money/decimal";

// A fake of the tracker API at the network boundary: `fetch` answers the contract's shapes
// (src/contracts/zakat.ts) from in-memory state, applying the domain's own rules as the server
// does, so rule violations come back as the server's 409s.

export const workspaceId = "00000000-0000-4000-8000-00000000000a";
const base = `/api/workspaces/${workspaceId}`;

let counter = 0;
export const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

export function milestone(partial: Partial<Milestone> & Pick<Milestone, "date">): Milestone {
  return {
    id: newId(),
    title: "Milestone",
    type: "due",
    completed: false,
    code: null,
    parentCode: null,
    endDate: null,
    quarterlyReminder: false,
    monthlyReminder: false,
    ...partial,
  };
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
}

export function serveTracker(initial: Partial<FakeTracker> = {}): FakeTracker {
  const state: FakeTracker = {
    milestones: [],
    obligations: [],
    settings: { hawlRule: "majority", yearBasis: "hijri", currency: "EUR" },
    notifications: { ...defaultNotificationSettings },
    requests: [],
    fail: {},
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
  const error = (status: number, code: string, message: string) =>
    Response.json({ error: { code, message } }, { status });

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      const method = init?.method ?? "GET";
      const path = url.pathname.slice(base.length);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (url.pathname === "/api/me/notification-settings") {
        if (method === "PATCH") {
          state.requests.push({ method, path: url.pathname, body });
          state.notifications = { ...state.notifications, ...(body as object) };
        }
        return Response.json(state.notifications);
      }
      if (method !== "GET") state.requests.push({ method, path, body });

      if (method === "GET" && path === "/zakat") {
        return state.fail.load ? error(500, "INTERNAL", "boom") : Response.json(data());
      }
      if (method === "POST" && path === "/milestones") {
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
            reviewTitles: reviewTitles[request.language ?? "en"],
            rule: state.settings.hawlRule,
          },
        );
        if (!result.ok) return error(409, result.code, result.message);
        state.milestones = result.milestones;
        return Response.json(change(result.added.map((m) => m.id)), { status: 201 });
      }
      if (method === "POST" && path === "/milestones/restore") {
        const result = restoreMilestones(
          state.milestones,
          (body as { milestones: Milestone[] }).milestones,
          {
            rule: state.settings.hawlRule,
          },
        );
        if (!result.ok) return error(409, result.code, result.message);
        state.milestones = result.milestones;
        return Response.json(change(result.added.map((m) => m.id)));
      }
      if (method === "DELETE" && path.startsWith("/milestones/")) {
        if (state.fail.remove) return error(500, "INTERNAL", "boom");
        const result = removeMilestone(state.milestones, path.slice("/milestones/".length));
        state.milestones = result.milestones;
        return Response.json(change(result.removed));
      }
      if (method === "POST" && path === "/obligations") {
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
      }
      const payment = /^\/obligations\/([^/]+)\/payments$/.exec(path);
      if (method === "POST" && payment) {
        const record = state.obligations.find((o) => o.id === payment[1]);
        if (!record) return error(404, "NOT_FOUND", "Not found");
        const amount = (body as { amount: string }).amount;
        const paid = new Decimal(record.paidAmount).plus(amount);
        if (paid.greaterThan(record.amount)) {
          return Response.json(
            {
              error: {
                code: "VALIDATION_FAILED",
                message: "exceeds",
                fields: { amount: "exceeds_remaining" },
              },
            },
            { status: 400 },
          );
        }
        record.paidAmount = paid.toFixed(2);
        return Response.json(record, { status: 201 });
      }
      if (method === "PATCH" && path === "/zakat/settings") {
        state.settings = { ...state.settings, ...(body as Partial<TrackerSettings>) };
        return Response.json(state.settings);
      }
      return new Response(null, { status: 404 });
    }),
  );
  return state;
}
