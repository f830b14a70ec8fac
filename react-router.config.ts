import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./src/web/app/route-table";

// SPA with prerendered public pages: the Hono server serves build/client and falls
// back to the SPA shell for everything that was not prerendered.
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: prerenderPaths,
  // after the prerendering: the service worker over the finished build (decision 007), then the
  // embed page's own build into build/embed (vite.embed.config.ts; this build has just emptied
  // build/, so every web build makes both)
  async buildEnd({ reactRouterConfig }) {
    const { buildServiceWorker } = await import("./scripts/build-service-worker");
    await buildServiceWorker(path.join(reactRouterConfig.buildDirectory, "client"));
    const { build } = await import("vite");
    await build({
      configFile: fileURLToPath(new URL("./vite.embed.config.ts", import.meta.url)),
      mode: "production",
    });
  },
} satisfies Config;
