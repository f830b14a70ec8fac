import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // chunks the service worker picks by name (scripts/build-service-worker.ts): a catalog
        // says its language and namespace (locale-fr-calculator-<hash>.js)
        chunkFileNames: (chunk) => {
          const catalog = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? "");
          if (catalog) return `assets/locale-${catalog[1]}-${catalog[2]}-[hash].js`;
          // sonner comes with the first toast (components/ui/toast.ts), offline too
          if (/\/node_modules\/sonner\//.test(chunk.facadeModuleId ?? ""))
            return "assets/sonner-[hash].js";
          return "assets/[name]-[hash].js";
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
