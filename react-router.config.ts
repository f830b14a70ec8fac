import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./src/web/app/route-table";

// SPA with prerendered public pages: the Hono server serves build/client and falls
// back to the SPA shell for everything that was not prerendered.
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: prerenderPaths,
  // after the prerendering: the service worker over the finished build (decision 007)
  async buildEnd({ reactRouterConfig }) {
    const { buildServiceWorker } = await import("./scripts/build-service-worker");
    await buildServiceWorker(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
