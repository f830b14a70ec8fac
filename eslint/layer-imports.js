// The layer map of ARCHITECTURE.md as an allow-list: each layer names the folders and packages it
// may import, so anything new is refused until someone decides it belongs (a deny-list let
// domain → date-fns, contracts → pino and web → better-auth through).
import { builtinModules } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");

// test files (and test support under a test/ folder) may also use the test tools
const testPackages = ["vitest", "fast-check", "@testing-library/*", "msw", "msw/*", "jsdom"];

export const layers = {
  domain: {
    folders: ["domain"],
    packages: ["decimal.js"],
    message: "src/domain is pure: it imports only itself and decimal.js",
  },
  contracts: {
    folders: ["contracts", "domain"],
    packages: ["zod"],
    message: "src/contracts imports only domain and zod",
  },
  web: {
    folders: ["web", "contracts", "domain"],
    packages: [
      "react",
      "react-dom",
      "react-router",
      "@react-router/dev",
      "react-i18next",
      "i18next",
      "@tanstack/react-query",
      "lucide-react",
      "sonner",
      "radix-ui",
      "zod",
      "@zxcvbn-ts/*",
      // the Arabic pages' font files (app/arabic-font.tsx, decision 070)
      "@fontsource/noto-sans-arabic",
    ],
    message: "src/web imports only web, contracts, domain and the web's own libraries",
  },
  server: {
    folders: ["server", "contracts", "domain"],
    builtins: true,
    packages: [
      "hono",
      "@hono/node-server",
      "drizzle-orm",
      "pg",
      "pdfkit",
      "pg-boss",
      "@electric-sql/pglite",
      "better-auth",
      "@node-rs/argon2",
      "@zxcvbn-ts/*",
      "pino",
      "prom-client",
      "nodemailer",
      "stripe",
      "ical-generator",
      "i18next",
      "zod",
      "decimal.js",
    ],
    message:
      "src/server imports only server, contracts, domain, Node and the server's own libraries",
  },
};

// Outside src/ a layer may reach the translation catalogs; a test may also reach tests/ (shared
// cases and golden files). Scripts, configs and test helpers stay out of the shipped code.
const outsideSrc = { all: ["locales"], tests: ["tests"] };

// The web's shared code (app/, components/, lib/) sits under the features and a feature reaches
// another only through its index.ts (bulletproof-react's one-way imports). These imports predate
// the fence and are known, not a licence: move them behind an index.ts or into shared code, then
// delete the entry. Barrels are not used to clear them because a barrel would pull lazily loaded
// parts (dialogs, the guest migration) into the chunk of whoever imports it.
export const sharedToFeatureKnown = {
  "web/app/layout.tsx": ["auth/components/route-guard", "auth/hooks/use-session"],
  "web/app/page-early.ts": ["dashboard/lib/early-data"],
  "web/app/providers.tsx": [
    "auth/components/session-provider",
    "workspaces/components/workspace-provider",
  ],
  "web/app/session-tasks.tsx": [
    "auth/lib/storage-keys",
    "calculator/components/guest-migration",
    "tracker/hooks/use-remember-reminder-locale",
  ],
  "web/components/layout/mobile-menu.tsx": [
    "auth/hooks/use-session",
    "workspaces/components/workspace-switcher",
  ],
  "web/components/layout/site-header.tsx": [
    "auth/hooks/use-session",
    "workspaces/components/workspace-switcher",
  ],
  "web/components/layout/site-header.test.tsx": ["auth/hooks/use-session"],
  "web/components/layout/use-logout.ts": ["auth/hooks/use-session"],
  "web/lib/api-client.early.test.tsx": ["auth/test/auth-api", "dashboard/lib/early-data"],
};
export const crossFeatureKnown = [
  "auth/api/auth-api",
  "auth/components/session-provider",
  "auth/hooks/use-session",
  "auth/lib/error-message",
  "auth/lib/storage-keys",
  "billing/checkout-path",
  "billing/use-billing-portal",
  "calendar-feeds/components/calendar-feeds-card",
  "history/api/calculations-api",
  "history/api/query-keys",
  "history/api/use-calculations",
  "history/components/calculation-list",
  "profile/api/me-api",
  "profile/api/me-keys",
  "tracker/api/tracker-api",
  "tracker/api/use-tracker",
  "tracker/components/dialogs-on-demand",
  "tracker/components/milestone-timeline",
  "tracker/components/notification-settings-form",
  "tracker/components/progress-ring",
  "tracker/hooks/use-milestone-adder",
  "tracker/hooks/use-milestone-remover",
  "tracker/lib/dates",
  "tracker/lib/elapsed",
  "tracker/lib/titles",
  "workspaces/components/received-invitations-card",
  "workspaces/components/workspace-gate",
  "workspaces/components/workspace-page",
  "workspaces/components/workspace-provider",
  "workspaces/components/workspace-settings-page",
  "workspaces/hooks/use-workspace-error",
  "workspaces/hooks/use-workspaces",
];

const featuresMessage =
  "shared web code (app/, components/, lib/) does not import features, and a feature imports " +
  "another only through its index.ts (or, in tests, its test/ folder)";

function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("test");
}

// why a web file may not import a feature module, or null; both paths relative to src/, with "/"
function featureRefusal(from, to) {
  const target = to.match(/^web\/features\/([^/]+)(?:\/(.*?))?(?:\.tsx?)?$/);
  if (!target) return null;
  const [, feature, inner = "index"] = target;
  const module = `${feature}/${inner}`;
  if (/^web\/(app|components|lib)\//.test(from)) {
    return sharedToFeatureKnown[from]?.includes(module) ? null : featuresMessage;
  }
  const own = from.match(/^web\/features\/([^/]+)\//);
  if (!own || own[1] === feature) return null;
  if (inner === "index") return null;
  if (isTestFile(from) && inner.startsWith("test/")) return null;
  return crossFeatureKnown.includes(module) ? null : featuresMessage;
}

function layerOfFile(file) {
  const rel = path.relative(src, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const top = rel.split(path.sep)[0];
  return top in layers ? top : null;
}

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

export function matches(patterns, specifier) {
  const name = packageName(specifier);
  return patterns.some((p) =>
    p.endsWith("/*") && !p.startsWith("@")
      ? specifier.startsWith(p.slice(0, -1)) || specifier === p.slice(0, -2)
      : p.endsWith(":*")
        ? specifier.startsWith(p.slice(0, -1))
        : p.endsWith("/*")
          ? name.startsWith(p.slice(0, -1))
          : p === specifier || p === name,
  );
}

function isBuiltin(specifier) {
  return specifier.startsWith("node:") || builtinModules.includes(packageName(specifier));
}

// why the import is refused, or null
export function refusal(file, specifier) {
  const layerName = layerOfFile(file);
  if (!layerName) return null;
  const layer = layers[layerName];
  let target = null;
  if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else if (specifier.startsWith("~/")) target = path.join(src, "web", specifier.slice(2));
  else if (specifier.startsWith("/")) target = specifier;
  const isTest = isTestFile(file);
  if (target) {
    const rel = path.relative(src, target);
    const inside = !rel.startsWith("..") && !path.isAbsolute(rel);
    if (!inside) {
      if (layerName !== "server" && layerName !== "web") return layer.message;
      const top = path.relative(root, target).split(path.sep)[0];
      const allowed = [...outsideSrc.all, ...(isTest ? outsideSrc.tests : [])];
      return allowed.includes(top)
        ? null
        : `relative imports leave src/ only for ${allowed.join(" or ")}/`;
    }
    if (!layer.folders.includes(rel.split(path.sep)[0])) return layer.message;
    const from = path.relative(src, file).split(path.sep).join("/");
    return layerName === "web" ? featureRefusal(from, rel.split(path.sep).join("/")) : null;
  }
  if (isTest && matches(testPackages, specifier)) return null;
  if (isBuiltin(specifier)) return layer.builtins ? null : layer.message;
  return matches(layer.packages, specifier) ? null : layer.message;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Imports stay inside the layer map of ARCHITECTURE.md" },
    schema: [],
  },
  create(context) {
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const why = refusal(context.filename, source.value);
      if (why) context.report({ node, message: `'${source.value}': ${why}.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source),
    };
  },
};

export default { rules: { "layer-imports": rule } };
