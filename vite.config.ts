import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // a catalog chunk says its language and namespace (locale-fr-calculator-<hash>.js): the
        // service worker precaches its language's (scripts/build-service-worker.ts)
        chunkFileNames: (chunk) => {
          const catalog = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? "");
          return catalog
            ? `assets/locale-${catalog[1]}-${catalog[2]}-[hash].js`
            : "assets/[name]-[hash].js";
        },
      },
    },
  },
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
      "/readyz": `http://127.0.0.1:${apiPort}`,
      "/dev/outbox": `http://127.0.0.1:${apiPort}`,
      // the embed page is the API's, from the embed build (`npm run build:embed` to refresh it)
      "^/(fr/|nl/)?embed/": `http://127.0.0.1:${apiPort}`,
    },
  },
});
