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
      "@react-router/*",
      "react-i18next",
      "i18next",
      "@tanstack/react-query",
      "lucide-react",
      "sonner",
      "radix-ui",
      "zod",
      "decimal.js",
      "@zxcvbn-ts/*",
      "isbot",
      "@fontsource/*",
      "hono/client",
      "virtual:*",
    ],
    message: "src/web imports only web, contracts, domain and the web's own libraries",
  },
  server: {
    folders: ["server", "contracts", "domain"],
    packages: "*",
    deniedPackages: ["react", "react-dom", "react-router", "react-i18next", "@tanstack/*"],
    message: "src/server never imports src/web or the web's libraries",
  },
};

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

function matches(patterns, specifier) {
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
  if (target) {
    const rel = path.relative(src, target);
    const inside = !rel.startsWith("..") && !path.isAbsolute(rel);
    // files beside src (assets, configs) are not layers; a layer's own folders and the allowed
    // ones are fine
    if (!inside) return layerName === "server" || layerName === "web" ? null : layer.message;
    return layer.folders.includes(rel.split(path.sep)[0]) ? null : layer.message;
  }
  const isTest = /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("test");
  if (isTest && matches(testPackages, specifier)) return null;
  if (layer.packages === "*") {
    return matches(layer.deniedPackages, specifier) ? layer.message : null;
  }
  if (isBuiltin(specifier)) return layer.message;
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
