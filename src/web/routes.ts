import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { languages, localizedPath, routeTable } from "./app/route-table";

// One copy of the spec's route table per language; ids carry the language so that
// every copy is a distinct route module entry.
const perLanguage = languages.flatMap((lang) => {
  const shell = routeTable
    .filter((r) => r.access !== "embed")
    .map((r) => route(localizedPath(lang, r.path), r.file, { id: `${lang}:${r.name}` }));
  const embed = routeTable
    .filter((r) => r.access === "embed")
    .map((r) => route(localizedPath(lang, r.path), r.file, { id: `${lang}:${r.name}` }));
  return [layout("shell/layout.tsx", { id: `${lang}:layout` }, shell), ...embed];
});

export default [
  ...perLanguage,
  layout("shell/layout.tsx", { id: "notfound:layout" }, [
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
] satisfies RouteConfig;
