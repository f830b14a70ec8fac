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
  // after the prerendering: the static pages' islands script (decision 025), the prerendered app
  // pages' scripts after their first paint (scripts/scripts-after-content.ts), the service
  // worker over the finished build (decision 007), then the embed page's own build into
  // build/embed (vite.embed.config.ts; this build has just emptied build/, so every web build
  // makes both), the social images (build/client/og), and last the .br/.gz copies of every text
  // file of both (decision 014)
  async buildEnd({ reactRouterConfig }) {
    const { buildIslands } = await import("./scripts/build-islands");
    const islands = await buildIslands(path.join(reactRouterConfig.buildDirectory, "client"));
    console.log(`islands: ${islands.url} (${islands.bytes} B) in ${islands.pages.length} pages`);
    const { scriptsAfterContent } = await import("./scripts/scripts-after-content");
    const held = scriptsAfterContent(path.join(reactRouterConfig.buildDirectory, "client"));
    console.log(`prerendered app pages whose scripts wait for the first paint: ${held.length}`);
    const { buildServiceWorker } = await import("./scripts/build-service-worker");
    await buildServiceWorker(path.join(reactRouterConfig.buildDirectory, "client"));
    const { build } = await import("vite");
    await build({
      configFile: fileURLToPath(new URL("./vite.embed.config.ts", import.meta.url)),
      mode: "production",
    });
    const client = path.join(reactRouterConfig.buildDirectory, "client");
    const { buildSocialImages } = await import("./scripts/build-social-images");
    await buildSocialImages(client);
    const { compressBuild } = await import("./scripts/compress-build");
    await compressBuild([client, path.join(reactRouterConfig.buildDirectory, "embed")]);
  },
} satisfies Config;
