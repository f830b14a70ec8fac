// The part of autocannon@8 (no bundled types) that api-bench.ts uses.
declare module "autocannon" {
  interface Result {
    /** sent: requests written to the server, answered or not */
    requests: { average: number; sent: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  }
  export default function autocannon(options: Record<string, unknown>): Instance;
}
