// The layer map of ARCHITECTURE.md as an allow-list: each layer names the folders and packages it
// may import, so anything new is refused until someone decides it belongs (a deny-list let
// domain → date-fns, contracts → pino and web → better-auth through).
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const src = path.join(root, "src");

// package.json's "imports" (#domain/…, #contracts/…, #locales/…, #tests/…): Node, tsc, Vite, vitest
// and esbuild resolve them, and the fences below judge the file an alias names, not its spelling
export const aliases = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).imports;

// the file an alias names, or undefined for an unknown alias
function aliasTarget(specifier) {
  for (const [key, value] of Object.entries(aliases)) {
    if (key.endsWith("/*") && specifier.startsWith(key.slice(0, -1)))
      return path.join(root, value.slice(0, -1), specifier.slice(key.length - 1));
    if (key === specifier) return path.join(root, value);
  }
  return undefined;
}

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
      "react-day-picker",
      "zod",
      "@zxcvbn-ts/*",
      "qrcode",
      "react-hook-form",
      "@hookform/resolvers",
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
      "bidi-js",
      "pg-boss",
      "@electric-sql/pglite",
      "better-auth",
      "@better-auth/passkey",
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

// The web's shared code (app/, components/, lib/) sits under the features, and a feature reaches
// another only through its index.ts (bulletproof-react's one-way imports). What composes the
// features (root.tsx, entry.client.tsx, routes/, shell/: the app's layout, providers and header)
// sits above both, and neither shared code nor a feature imports shell/.
const featuresMessage =
  "shared web code (app/, components/, lib/) does not import features, and a feature imports " +
  "another only through its index.ts (or, in tests, its test/ folder)";
const shellMessage =
  "shell/ composes the features (layout, providers, header): shared code and features do not " +
  "import it";

function isTestFile(file) {
  return /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("test");
}

// why a web file may not import a feature or shell module, or null; both paths relative to src/,
// with "/"
function featureRefusal(from, to) {
  const shared = /^web\/(app|components|lib)\//.test(from);
  const own = from.match(/^web\/features\/([^/]+)\//);
  if (/^web\/shell\//.test(to)) return shared || own ? shellMessage : null;
  const target = to.match(/^web\/features\/([^/]+)(?:\/(.*?))?(?:\.tsx?)?$/);
  if (!target) return null;
  const [, feature, inner = "index"] = target;
  if (shared) return featuresMessage;
  if (!own || own[1] === feature) return null;
  if (inner === "index") return null;
  if (isTestFile(from) && inner.startsWith("test/")) return null;
  return featuresMessage;
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
  else if (specifier.startsWith("#")) {
    target = aliasTarget(specifier);
    if (!target) return `unknown alias: package.json's "imports" names ${Object.keys(aliases)}`;
  }
  const isTest = isTestFile(file);
  if (target) {
    const rel = path.relative(src, target);
    const inside = !rel.startsWith("..") && !path.isAbsolute(rel);
    if (!inside) {
      if (layerName !== "server" && layerName !== "web") return layer.message;
      const top = path.relative(root, target).split(path.sep)[0];
      const allowed = [...outsideSrc.all, ...(isTest ? outsideSrc.tests : [])];
      return allowed.includes(top) ? null : `imports leave src/ only for ${allowed.join(" or ")}/`;
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

// Four or more "../" say nothing about where an import lands and break when a file moves:
// import through an alias instead (decision 065)
export const deepRelativeMessage =
  "four or more ../: import through an alias (#domain/…, #contracts/…, #locales/…, #tests/…, " +
  "or ~/ inside the web)";
const deepRelative = {
  meta: {
    type: "problem",
    docs: { description: "No import climbs four or more folders" },
    schema: [],
  },
  create(context) {
    const check = (node, source) => {
      if (source && typeof source.value === "string" && /^(\.\.\/){4,}/.test(source.value))
        context.report({ node, message: `'${source.value}': ${deepRelativeMessage}.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source),
    };
  },
};

export default { rules: { "layer-imports": rule, "deep-relative-imports": deepRelative } };
