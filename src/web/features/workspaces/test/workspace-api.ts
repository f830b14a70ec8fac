import type { CalendarFeedDto } from "#contracts/calendar-feeds.ts";
import type {
  Invitation,
  Member,
  ReceivedInvitation,
  Workspace,
  WorkspaceRole,
} from "#contracts/workspaces.ts";
import type { Plan, PlanUsageResponse } from "#contracts/me.ts";
import { apiCalls, apiError, route, serve, type RouteRequest } from "~/test/msw";

export { apiError };

// The workspace API as MSW handlers checked against the contract
// (src/contracts/endpoints/workspaces.ts, calendar-feeds.ts): answers from in-memory lists, as
// the caller `me` sees them.

export const ME = "user-me";

export const ws = (n: string, name: string, role: WorkspaceRole = "owner"): Workspace => ({
  id: `00000000-0000-4000-8000-0000000000${n}`,
  name,
  role,
  createdBy: ME,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});

export const member = (
  n: string,
  fields: Partial<Member> & Pick<Member, "email" | "role">,
): Member => ({
  id: `10000000-0000-4000-8000-0000000000${n}`,
  userId: `user-${n}`,
  fullName: null,
  invitedBy: null,
  joinedAt: "2025-02-03T10:00:00.000Z",
  ...fields,
});

export const invitation = (
  n: string,
  email: string,
  role: WorkspaceRole = "member",
): Invitation => ({
  id: `20000000-0000-4000-8000-0000000000${n}`,
  workspaceId: "00000000-0000-4000-8000-0000000000aa",
  email,
  role,
  status: "pending",
  invitedBy: ME,
  expiresAt: "2025-03-10T10:00:00.000Z",
  createdAt: "2025-03-03T10:00:00.000Z",
});

export interface FakeState {
  workspaces: Workspace[];
  members: Record<string, Member[]>;
  invitations: Record<string, Invitation[]>;
  /** what POST …/invitations answers; default: invited, e-mail sent */
  invite?: (body: { email: string; role: WorkspaceRole; language?: string }) => Response;
  /** what POST /api/invitations/accept answers */
  accept?: (token: string) => Response;
  /** what GET /api/invitations/preview?token= answers (default: 404 INVITATION_NOT_FOUND) */
  preview?: (token: string) => Response;
  /** answers GET …/members with this status (and the error body) when set */
  failMembers?: number;
  /** holds POST …/invitations until released */
  holdInvite?: Promise<void>;
  /** GET /api/invitations: the invitations addressed to me (accepting one adds its workspace) */
  received?: ReceivedInvitation[];
  /** answers GET /api/invitations with this status when set */
  failReceived?: number;
  /** the calendar feeds of each workspace (calendar-feeds card; default none) */
  calendarFeeds?: Record<string, CalendarFeedDto[]>;
  /** what POST …/calendar-feeds answers; default: a new feed with its URL */
  createFeed?: () => Response;
  /** GET /api/me/plan: the account's plan (default pro: no limit stands in a test's way) */
  plan?: Plan;
  /** GET /api/me/plan: usage counted besides the workspaces (calendar feeds, embed domains) */
  usage?: PlanUsageResponse["usage"];
}

export function serveWorkspaces(state: FakeState) {
  /** a route under /api/workspaces/{ws}: 404 for a workspace the caller does not have */
  const inWorkspace =
    (resolve: (request: RouteRequest, workspace: Workspace) => Response | Promise<Response>) =>
    (request: RouteRequest) => {
      const workspace = state.workspaces.find((w) => w.id === request.params.ws);
      if (!workspace) return apiError(404, "NOT_FOUND", "Workspace not found.");
      return resolve(request, workspace);
    };
  const membersOf = (id: string) => (state.members[id] ??= []);
  const invitationsOf = (id: string) => (state.invitations[id] ??= []);
  const feedsOf = (id: string) => ((state.calendarFeeds ??= {})[id] ??= []);
  const gone = () => new Response(null, { status: 204 });

  serve(
    route("get", "/api/invitations/preview", ({ url }) => {
      const token = url.searchParams.get("token") ?? "";
      return state.preview?.(token) ?? apiError(404, "INVITATION_NOT_FOUND");
    }),
    route("post", "/api/invitations/accept", ({ body }) => {
      return state.accept?.((body as { token: string }).token) ?? apiError(404, "NOT_FOUND");
    }),
    route("get", "/api/invitations", () => {
      if (state.failReceived) return apiError(state.failReceived, "INTERNAL", "boom");
      return Response.json(state.received ?? []);
    }),
    ...(["accept", "decline"] as const).map((answer) =>
      route("post", `/api/invitations/{id}/${answer}`, ({ params }) => {
        const found = state.received?.find((i) => i.id === params.id);
        if (!found) return apiError(404, "INVITATION_NOT_FOUND", "Invalid or expired invitation");
        state.received = state.received!.filter((i) => i !== found);
        if (answer === "decline") return gone();
        const joined = { ...ws("ff", found.workspaceName, found.role), id: found.workspaceId };
        state.workspaces.push(joined);
        return Response.json({ workspace: joined });
      }),
    ),
    route("get", "/api/workspaces", () => Response.json(state.workspaces)),
    route("get", "/api/me/plan", () => {
      const answer = planUsageAnswer(state.plan ?? "pro");
      return Response.json({ ...answer, usage: [...answer.usage, ...(state.usage ?? [])] });
    }),
    route(
      "patch",
      "/api/workspaces/{ws}",
      inWorkspace(({ body }, workspace) => {
        workspace.name = (body as { name: string }).name;
        return Response.json(workspace);
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}",
      inWorkspace((_, workspace) => {
        state.workspaces = state.workspaces.filter((w) => w.id !== workspace.id);
        return gone();
      }),
    ),
    route(
      "get",
      "/api/workspaces/{ws}/members",
      inWorkspace((_, workspace) => {
        if (state.failMembers) return apiError(state.failMembers, "INTERNAL", "boom");
        return Response.json(membersOf(workspace.id));
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}/members/me",
      inWorkspace((_, workspace) => {
        state.workspaces = state.workspaces.filter((w) => w.id !== workspace.id);
        return gone();
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}/members/{memberId}",
      inWorkspace(({ params }, workspace) => {
        const members = membersOf(workspace.id);
        const index = members.findIndex((m) => m.id === params.memberId);
        if (index === -1) return apiError(404, "NOT_FOUND");
        if (members[index]!.role === "owner") {
          return apiError(409, "CANNOT_REMOVE_OWNER", "An owner cannot be removed.");
        }
        members.splice(index, 1);
        return gone();
      }),
    ),
    route(
      "patch",
      "/api/workspaces/{ws}/members/{memberId}",
      inWorkspace(({ params, body }, workspace) => {
        const members = membersOf(workspace.id);
        const index = members.findIndex((m) => m.id === params.memberId);
        if (index === -1) return apiError(404, "NOT_FOUND");
        members[index] = { ...members[index]!, role: (body as { role: WorkspaceRole }).role };
        return Response.json(members[index]);
      }),
    ),
    route(
      "get",
      "/api/workspaces/{ws}/invitations",
      inWorkspace((_, workspace) => Response.json(invitationsOf(workspace.id))),
    ),
    route(
      "post",
      "/api/workspaces/{ws}/invitations",
      inWorkspace(async ({ body }, workspace) => {
        await state.holdInvite;
        const request = body as { email: string; role: WorkspaceRole; language?: string };
        if (state.invite) return state.invite(request);
        const created = {
          ...invitation("99", request.email, request.role),
          workspaceId: workspace.id,
        };
        invitationsOf(workspace.id).push(created);
        return Response.json({ invitation: created, emailSent: true }, { status: 201 });
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}/invitations/{id}",
      inWorkspace(({ params }, workspace) => {
        state.invitations[workspace.id] = invitationsOf(workspace.id).filter(
          (i) => i.id !== params.id,
        );
        return gone();
      }),
    ),
    route(
      "get",
      "/api/workspaces/{ws}/calendar-feeds",
      inWorkspace((_, workspace) => Response.json(feedsOf(workspace.id))),
    ),
    route(
      "post",
      "/api/workspaces/{ws}/calendar-feeds",
      inWorkspace(({ body }, workspace) => {
        if (state.createFeed) return state.createFeed();
        const feeds = feedsOf(workspace.id);
        const feed: CalendarFeedDto = {
          id: `30000000-0000-4000-8000-0000000000${String(feeds.length).padStart(2, "0")}`,
          language: (body as { language?: CalendarFeedDto["language"] }).language ?? "en",
          createdAt: "2025-03-03T10:00:00.000Z",
          createdByName: null,
          createdByMe: true,
          canRevoke: true,
        };
        feeds.unshift(feed);
        const url = `http://localhost/api/workspaces/${workspace.id}/calendar.ics?token=${"t".repeat(43)}`;
        return Response.json(
          { ...feed, url, webcalUrl: url.replace("http:", "webcal:") },
          { status: 201 },
        );
      }),
    ),
    route(
      "delete",
      "/api/workspaces/{ws}/calendar-feeds/{id}",
      inWorkspace(({ params }, workspace) => {
        state.calendarFeeds![workspace.id] = feedsOf(workspace.id).filter(
          (f) => f.id !== params.id,
        );
        return gone();
      }),
    ),
  );
  /** the requests answered so far in this test, in order (a live list) */
  return { calls: apiCalls() };
}

export const received = (
  n: string,
  workspaceName: string,
  fields: Partial<ReceivedInvitation> = {},
): ReceivedInvitation => ({
  id: `30000000-0000-4000-8000-0000000000${n}`,
  workspaceId: `40000000-0000-4000-8000-0000000000${n}`,
  workspaceName,
  role: "member",
  inviter: { name: "Amina Diallo", email: "amina@example.org" },
  expiresAt: "2025-03-10T10:00:00.000Z",
  createdAt: "2025-03-03T10:00:00.000Z",
  ...fields,
});

/** GET /api/me/plan for `plan`, nothing counted but `used` workspaces; no online payment. */
export const planUsageAnswer = (plan: Plan, workspaces = 1): PlanUsageResponse => ({
  plan,
  usage: [{ feature: "workspaces", used: workspaces, limit: null }],
  renewsAt: null,
  endsAt: null,
  onlinePayment: false,
  manageable: false,
});
