import { SMTPServer } from "smtp-server";
import { SMTPConnection } from "smtp-server/lib/smtp-connection.js";
import type { AddressInfo } from "node:net";

// smtp-server waits 100 ms before its greeting, to catch clients that talk before it (a spam
// heuristic); nodemailer never does, and every test e-mail (hundreds per run, most of them on
// a test's way) waited for it. The test peers greet as soon as the connection is set up: the
// library's own init() without that timer (it has no option for it).
SMTPConnection.prototype.init = function (this: SMTPConnection) {
  this._setListeners(() => this.connectionReady());
};

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP peer on a free loopback port (or `port`: one a test held back to start the peer
 * late) that keeps every message it is given.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<{
  url: string;
  messages: ReceivedMail[];
  /**
   * resolves with the first message to `to` that arrives (or has arrived); with `skip`, the
   * first after the `skip` earlier ones to that address
   */
  waitFor(to: string, timeoutMs?: number, skip?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // no reverse DNS lookup of the client (127.0.0.1) before the greeting: it held every
    // message ≈ 150 ms here, and up to its 1.5 s timeout where DNS does not answer
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 10_000, skip = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => m.to.includes(to.toLowerCase()))[skip];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
