import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./src/web/app/route-table";

// SPA with prerendered public pages: the Hono server serves build/client and falls
// back to the SPA shell for everything that was not prerendered.
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
