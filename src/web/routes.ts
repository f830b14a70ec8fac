import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pages } from "../contracts/web-routes";
import { routeModuleOf } from "./app/route-table";

// One route per page (src/contracts/web-routes.ts) under one optional language segment: "/" and
// "/fr", "/pricing" and "/fr/pricing" are the same routes. A static segment outranks a dynamic
// one, so "/pricing" is the pricing page, never the landing page in a language "pricing"; the
// layout shows the not-found page for a first segment that is no language prefix ("/de",
// "/en/pricing", "/x/calculator"), as the server answers those 404 (decision 066).
export default [
  route(":lang?", "shell/layout.tsx", { id: "layout" }, [
    ...pages.map((page) =>
      page.path
        ? route(page.path, routeModuleOf(page), { id: page.name })
        : index(routeModuleOf(page), { id: page.name }),
    ),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
