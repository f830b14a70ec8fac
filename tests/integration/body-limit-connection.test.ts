import { getRequestListener, serve, type ServerType } from "@hono/node-server";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, testBaseUrl, type TestApp } from "../helpers/test-app.ts";

// Issue 10, defect 8: a 413 said "Connection: keep-alive", then the server dropped the socket
// under the client (the refused body is never read). Now the answer says `Connection: close`
// and the server closes after it; a client that reuses connections (a keep-alive agent) goes
// on on a fresh one. Checked on a real socket against the served app, as a client sees it.

interface RawResult {
  /** everything the server sent, as text */
  data: string;
  /** the socket was closed (by either side) before the timeout */
  closed: boolean;
  /** a socket error on our side (EPIPE/ECONNRESET while still writing the refused body) */
  error: string | null;
}

/** Status line and headers of each HTTP response found in `data`. */
function responsesIn(data: string): Array<{ status: number; headers: Map<string, string> }> {
  const found: Array<{ status: number; headers: Map<string, string> }> = [];
  for (const match of data.matchAll(/HTTP\/1\.1 (\d{3})[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n/g)) {
    const headers = new Map<string, string>();
    for (const line of match[2]!.split("\r\n").filter(Boolean)) {
      const colon = line.indexOf(":");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    found.push({ status: Number(match[1]), headers });
  }
  return found;
}

describe(`a 413 and the connection on ${testEngine()}`, () => {
  let testApp: TestApp;
  let server: ServerType;
  let port: number;
  const limit = 256 * 1024;

  beforeAll(async () => {
    testApp = await createTestApp({ BODY_LIMIT_BYTES: String(limit) });
    server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if ("closeAllConnections" in server) server.closeAllConnections();
    await testApp?.close();
  });

  const host = new URL(testBaseUrl).host;

  /** Sends `head` + `body`, then (pipelined) a GET /healthz on the same socket. */
  function rawExchange(head: string, body: Buffer | string, timeoutMs = 3_000): Promise<RawResult> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let data = "";
      let error: string | null = null;
      let settled = false;
      const finish = (closed: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ data, closed, error });
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      socket.on("data", (chunk: Buffer) => {
        data += chunk.toString("latin1");
        // keep-alive path: both answers arrived on this socket
        if (responsesIn(data).length >= 2) finish(false);
      });
      socket.on("error", (e) => (error = (e as NodeJS.ErrnoException).code ?? e.message));
      socket.on("close", () => finish(true));
      socket.write(head);
      socket.write(body);
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    });
  }

  /** Either `Connection: close` and the socket closes, or the same socket serves the next one. */
  function expectCleanConnection(result: RawResult, status = 413, code = "PAYLOAD_TOO_LARGE") {
    const responses = responsesIn(result.data);
    expect(responses[0]?.status, result.data.slice(0, 200)).toBe(status);
    const first = responses[0]!;
    if (first.headers.get("connection")?.toLowerCase() === "close") {
      expect(result.closed).toBe(true);
      expect(responses).toHaveLength(1);
    } else {
      // it promised keep-alive: the socket must carry the next request
      expect(responses.map((r) => r.status)).toEqual([status, 200]);
      expect(result.closed).toBe(false);
    }
    expect(result.data).toContain(`"code":"${code}"`);
  }

  // Every answer given before the body is read has the same problem as the 413 (found by the
  // fuzz suite): the unread rest of the body is on the socket. One guard closes them all.
  it.each([
    {
      name: "a non-JSON body (415)",
      headers: `Origin: ${testBaseUrl}\r\nContent-Type: text/plain\r\n`,
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
    },
    {
      name: "a cross-site request (403)",
      headers: `Origin: https://evil.example\r\nContent-Type: application/json\r\n`,
      status: 403,
      code: "CROSS_SITE_REQUEST",
    },
  ])("$name with a large body under the limit closes cleanly or keeps serving", async (c) => {
    const body = Buffer.alloc(200 * 1024, "x");
    const result = await rawExchange(
      `POST /api/workspaces HTTP/1.1\r\nHost: ${host}\r\n${c.headers}` +
        `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
      body,
    );
    expectCleanConnection(result, c.status, c.code);
  });

  it("by Content-Length: the 413 closes cleanly or keeps serving", async () => {
    const body = Buffer.alloc(limit * 4, "x");
    const result = await rawExchange(
      `POST /api/calculate HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${testBaseUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `Connection: keep-alive\r\n\r\n`,
      body,
    );
    expectCleanConnection(result);
  });

  it("a body just over the limit, streamed (chunked): same", async () => {
    const payload = Buffer.alloc(limit + 10, "x");
    const chunked = Buffer.concat([
      Buffer.from(`${payload.length.toString(16)}\r\n`),
      payload,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    const result = await rawExchange(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${testBaseUrl}\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n` +
        `Connection: keep-alive\r\n\r\n`,
      chunked,
    );
    expectCleanConnection(result);
  });

  // Issue 28: a 5 MB body was refused before it was read, and the server closed on the rest:
  // 5 of 20 clients saw EPIPE instead of the 413, and /unsubscribe (outside /api, no limit)
  // answered none at all. The refused body is now read and discarded, up to a bound, first.
  it.each([
    { route: "/api/calculate", tries: 20 },
    { route: "/unsubscribe?token=abc", tries: 20 },
    { route: "/api/billing/webhook", tries: 3 },
    { route: "/api/auth/sign-in/email", tries: 3 },
    { route: "/api/embed/events", tries: 3 },
  ])(
    "a 5 MB POST to $route: the 413 every time, then a clean close",
    async (c) => {
      const body = Buffer.alloc(5 * 1024 * 1024, "x");
      for (let attempt = 0; attempt < c.tries; attempt++) {
        const result = await rawExchange(
          `POST ${c.route} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${testBaseUrl}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
            `Connection: keep-alive\r\n\r\n`,
          body,
          // a busy machine reads 5 MB slowly: no answer at all is what failed here
          20_000,
        );
        expect(result.error, `attempt ${attempt}`).toBeNull();
        expectCleanConnection(result);
        expect(responsesIn(result.data)[0]!.headers.get("content-type")).toMatch(/json/);
      }
    },
    120_000,
  );

  it("a keep-alive client goes on after a 413 without a dropped connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: "127.0.0.1",
            port,
            method,
            path,
            headers: {
              host,
              origin: testBaseUrl,
              ...(body
                ? { "content-type": "application/json", "content-length": body.length }
                : {}),
            },
          },
          (response) => {
            response.resume();
            response.on("end", () =>
              resolve({ status: response.statusCode!, connection: response.headers.connection }),
            );
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    try {
      for (let round = 0; round < 5; round++) {
        const refused = await send("POST", "/api/calculate", Buffer.alloc(limit + 1, "x"));
        expect(refused.status).toBe(413);
        // "close": the agent opens a new socket; keep-alive: the socket must still work.
        // Either way no ECONNRESET / "socket hang up" below.
        expect((await send("GET", "/healthz")).status).toBe(200);
        expect((await send("GET", "/healthz")).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

// The fuzz suite on PGlite (FUZZ_SEED=648034375) dropped a keep-alive connection now and then,
// after a body-less DELETE, a sign-out or an early 401/404: answered without reading the
// request's body, the socket was left to @hono/node-server's drain, which destroys it when the
// body has not ended 500 ms later (a busy event loop). Every answer now leaves the body read,
// which is what this checks on the served app, at the moment each answer is finished.
describe(`every answer leaves the request's body read, on ${testEngine()}`, () => {
  let testApp: TestApp;
  let server: http.Server;
  let port: number;
  const unreadAtFinish: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const listener = getRequestListener(testApp.app.fetch);
    server = http.createServer((incoming, outgoing) => {
      outgoing.on("finish", () => {
        // GET and HEAD carry no body (the next request follows on the socket as is)
        if (!incoming.readableEnded && !["GET", "HEAD"].includes(incoming.method!))
          unreadAtFinish.push(`${incoming.method} ${incoming.url}`);
      });
      void listener(incoming, outgoing);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await testApp?.close();
  });

  const host = new URL(testBaseUrl).host;
  const json = `Origin: ${testBaseUrl}\r\nContent-Type: application/json\r\n`;

  /** Sends `request`, then (pipelined) a GET /healthz; what came back once both or a close. */
  function sendThenHealthz(request: string): Promise<string> {
    return new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      const timer = setTimeout(() => socket.destroy(), 3_000);
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
        if (responsesIn(received).length >= 2) socket.destroy();
      });
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(received);
      });
      socket.write(`${request}GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    });
  }

  it.each([
    { what: "a body-less DELETE, unsigned (401)", head: "DELETE /api/workspaces/0", extra: "" },
    {
      what: "a sign-out with an unknown session",
      head: "POST /api/auth/sign-out",
      extra: `${json}Cookie: better-auth.session_token=fuzz.fuzz\r\n`,
      body: "{}",
    },
    { what: "a write, unsigned (401)", head: "POST /api/workspaces", extra: json, body: '{"a":1}' },
    { what: "an unknown route (404)", head: "POST /api/nowhere", extra: json, body: '{"a":1}' },
    {
      what: "a cross-site write (403)",
      head: "DELETE /api/me",
      extra: "Origin: https://evil.example\r\nContent-Type: application/json\r\n",
      body: '{"password":"x"}',
    },
  ])("$what: read, and the connection carries the next request", async (c) => {
    unreadAtFinish.length = 0;
    const body = c.body ?? "";
    const data = await sendThenHealthz(
      `${c.head} HTTP/1.1\r\nHost: ${host}\r\n${c.extra}` +
        (body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : "") +
        `Connection: keep-alive\r\n\r\n${body}`,
    );
    const responses = responsesIn(data);
    expect(responses).toHaveLength(2);
    expect(responses[0]!.headers.get("connection")).not.toBe("close");
    expect(responses[1]!.status).toBe(200);
    expect(unreadAtFinish).toEqual([]);
  });

  it("a body streamed without a length: counted under the limit, read, the connection kept", async () => {
    unreadAtFinish.length = 0;
    // outside /api no route reads a body, and its length is not said: the body limit of every
    // route counts it (issue 28)
    const data = await sendThenHealthz(
      `POST /nowhere HTTP/1.1\r\nHost: ${host}\r\n${json}` +
        `Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n`,
    );
    const responses = responsesIn(data);
    expect(responses[0]?.status, data.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(responses.map((r) => r.status).slice(1)).toEqual([200]);
    expect(unreadAtFinish).toEqual([]);
  });
});
