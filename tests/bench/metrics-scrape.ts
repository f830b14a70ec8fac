import { parsePrometheusText, samplesNamed, type Sample } from "../helpers/prometheus-text.ts";
import { percentile } from "./measure.ts";

// `/metrics` during the API bench (issue 31): scraped once a second as Prometheus would while
// autocannon runs, and before and after, so that the route histograms' counts can be set
// beside the requests autocannon sent.

export interface CountedRoute {
  method: string;
  /** the route template, as /metrics labels it */
  route: string;
}

export async function scrape(base: string, token: string): Promise<Sample[]> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parsePrometheusText(await response.text());
}

/** Requests the histogram counted for these routes, every status class. */
export function countedRequests(samples: Sample[], routes: CountedRoute[]): number {
  return samplesNamed(samples, "hawl_http_request_duration_seconds_count")
    .filter((sample) =>
      routes.some(
        (route) => sample.labels.method === route.method && sample.labels.route === route.route,
      ),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Scrapes every `intervalMs` until stopped: how long each took, and how many failed. */
export function scrapeEvery(base: string, token: string, intervalMs = 1_000) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await scrape(base, token);
        times.push(performance.now() - started);
      } catch {
        failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      times.sort((a, b) => a - b);
      return { scrapes: times.length, failures, p99: percentile(times, 99) };
    },
  };
}
