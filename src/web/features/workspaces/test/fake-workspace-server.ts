import { vi } from "vitest";
import type { CalendarFeedDto } from "../../../../contracts/calendar-feeds";
import type {
  Invitation,
  Member,
  ReceivedInvitation,
  Workspace,
  WorkspaceRole,
} from "../../../../contracts/workspaces";

// A fake of the workspace API at the network boundary: `fetch` answers the contract's shapes
// (src/contracts/workspaces.ts) from in-memory lists, as the caller `me` sees them.

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
}

export const apiError = (status: number, code: string, message = code) =>
  Response.json({ error: { code, message } }, { status });

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function serveWorkspaces(state: FakeState) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const parts = url.pathname.split("/").filter(Boolean); // api, workspaces, :ws, …
    if (url.pathname === "/api/invitations/preview" && method === "GET") {
      const token = url.searchParams.get("token") ?? "";
      return state.preview?.(token) ?? apiError(404, "INVITATION_NOT_FOUND");
    }
    if (url.pathname === "/api/invitations/accept" && method === "POST") {
      return state.accept?.((body as { token: string }).token) ?? apiError(404, "NOT_FOUND");
    }
    if (url.pathname === "/api/invitations" && method === "GET") {
      if (state.failReceived) return apiError(state.failReceived, "INTERNAL", "boom");
      return Response.json(state.received ?? []);
    }
    const answer = /^\/api\/invitations\/([^/]+)\/(accept|decline)$/.exec(url.pathname);
    if (answer && method === "POST") {
      const found = state.received?.find((i) => i.id === answer[1]);
      if (!found) return apiError(404, "INVITATION_NOT_FOUND", "Invalid or expired invitation");
      state.received = state.received!.filter((i) => i !== found);
      if (answer[2] === "decline") return new Response(null, { status: 204 });
      const joined = { ...ws("ff", found.workspaceName, found.role), id: found.workspaceId };
      state.workspaces.push(joined);
      return Response.json({ workspace: joined });
    }
    if (parts[0] !== "api" || parts[1] !== "workspaces") return apiError(404, "NOT_FOUND");
    if (parts.length === 2 && method === "GET") return Response.json(state.workspaces);
    const id = parts[2]!;
    const workspace = state.workspaces.find((w) => w.id === id);
    if (!workspace) return apiError(404, "NOT_FOUND", "Workspace not found.");
    const members = (state.members[id] ??= []);
    const invitations = (state.invitations[id] ??= []);
    const rest = parts.slice(3);

    if (rest.length === 0 && method === "PATCH") {
      workspace.name = (body as { name: string }).name;
      return Response.json(workspace);
    }
    if (rest.length === 0 && method === "DELETE") {
      state.workspaces = state.workspaces.filter((w) => w.id !== id);
      return new Response(null, { status: 204 });
    }
    if (rest[0] === "members") {
      if (rest.length === 1 && method === "GET") {
        if (state.failMembers) return apiError(state.failMembers, "INTERNAL", "boom");
        return Response.json(members);
      }
      if (rest[1] === "me" && method === "DELETE") {
        state.workspaces = state.workspaces.filter((w) => w.id !== id);
        return new Response(null, { status: 204 });
      }
      const index = members.findIndex((m) => m.id === rest[1]);
      if (index === -1) return apiError(404, "NOT_FOUND");
      if (method === "DELETE") {
        if (members[index]!.role === "owner") {
          return apiError(409, "CANNOT_REMOVE_OWNER", "An owner cannot be removed.");
        }
        members.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      if (method === "PATCH") {
        members[index] = { ...members[index]!, role: (body as { role: WorkspaceRole }).role };
        return Response.json(members[index]);
      }
    }
    if (rest[0] === "invitations") {
      if (rest.length === 1 && method === "GET") return Response.json(invitations);
      if (rest.length === 1 && method === "POST") {
        await state.holdInvite;
        const request = body as { email: string; role: WorkspaceRole; language?: string };
        if (state.invite) return state.invite(request);
        const created = { ...invitation("99", request.email, request.role), workspaceId: id };
        invitations.push(created);
        return Response.json({ invitation: created, emailSent: true }, { status: 201 });
      }
      if (method === "DELETE") {
        state.invitations[id] = invitations.filter((i) => i.id !== rest[1]);
        return new Response(null, { status: 204 });
      }
    }
    if (rest[0] === "calendar-feeds") {
      const feeds = ((state.calendarFeeds ??= {})[id] ??= []);
      if (rest.length === 1 && method === "GET") return Response.json(feeds);
      if (rest.length === 1 && method === "POST") {
        if (state.createFeed) return state.createFeed();
        const feed: CalendarFeedDto = {
          id: `30000000-0000-4000-8000-0000000000${String(feeds.length).padStart(2, "0")}`,
          language: (body as { language?: CalendarFeedDto["language"] }).language ?? "en",
          createdAt: "2025-03-03T10:00:00.000Z",
          createdByName: null,
          createdByMe: true,
          canRevoke: true,
        };
        feeds.unshift(feed);
        const url = `http://localhost/api/workspaces/${id}/calendar.ics?token=${"t".repeat(43)}`;
        return Response.json(
          { ...feed, url, webcalUrl: url.replace("http:", "webcal:") },
          { status: 201 },
        );
      }
      if (rest.length === 2 && method === "DELETE") {
        state.calendarFeeds[id] = feeds.filter((f) => f.id !== rest[1]);
        return new Response(null, { status: 204 });
      }
    }
    return apiError(404, "NOT_FOUND");
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, calls };
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
