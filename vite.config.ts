import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
