// Social images (issue 12 "Findable"): one 1200×630 PNG per language and indexed page, drawn at
// build time from the page's translated title and description (locales/<lang>/common.json
// `pages.<name>`), with satori (layout → SVG, Inter from @fontsource/inter) and resvg (SVG →
// PNG). Written to build/client/og/<lang>/<route name>.png; app/meta.ts points og:image and
// twitter:image at them. `react-router build` runs it from buildEnd (react-router.config.ts);
// `npx tsx scripts/build-social-images.ts [dir]` runs it alone.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { pages, type Page } from "../src/contracts/web-routes.ts";
import { languages, type Language } from "../src/web/app/route-table.ts";

export const socialImageSize = { width: 1200, height: 630 } as const;

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);

/** The pages that get their own image: the indexed ones (contracts/web-routes.ts). */
export const socialPages = (pages as readonly Page[]).filter((page) => page.indexed === true);

interface PageTexts {
  siteName: string;
  title: string;
  description: string;
}

type Catalog = {
  meta: { siteName: string; description: string };
  pages: Record<string, { title?: string; description?: string }>;
};

async function catalog(lang: Language): Promise<Catalog> {
  return JSON.parse(
    await readFile(path.join(root, "locales", lang, "common.json"), "utf8"),
  ) as Catalog;
}

async function fonts() {
  const file = (weight: number) =>
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return [
    {
      name: "Inter",
      data: await readFile(file(400)),
      weight: 400 as const,
      style: "normal" as const,
    },
    {
      name: "Inter",
      data: await readFile(file(700)),
      weight: 700 as const,
      style: "normal" as const,
    },
  ];
}

type Node = { type: string; props: Record<string, unknown> };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra = {},
): Node => ({
  type,
  props: { style, children, ...extra },
});

/** The image's layout: brand mark and name, the page's title, its description. */
export function socialImageTree(texts: PageTexts): Node {
  const mark = el(
    "svg",
    { width: 72, height: 72 },
    [
      el("rect", {}, undefined, {
        width: 32,
        height: 32,
        rx: 9,
        fill: "#ffffff",
        fillOpacity: 0.14,
      }),
      el("circle", {}, undefined, {
        cx: 16,
        cy: 16,
        r: 9,
        fill: "none",
        stroke: "#fff",
        strokeOpacity: 0.35,
        strokeWidth: 3,
      }),
      el("path", {}, undefined, {
        d: "M16 7a9 9 0 1 1-9 9",
        fill: "none",
        stroke: "#e9bf3f",
        strokeWidth: 3,
        strokeLinecap: "round",
      }),
      el("circle", {}, undefined, { cx: 16, cy: 16, r: 2.4, fill: "#fff" }),
    ],
    { viewBox: "0 0 32 32", xmlns: "http://www.w3.org/2000/svg" },
  );
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      paddingBottom: 96,
      padding: "72px 80px",
      backgroundColor: "#5c0072",
      backgroundImage: "linear-gradient(135deg, #80009e 0%, #4a005c 100%)",
      color: "#ffffff",
      fontFamily: "Inter",
    },
    [
      el("div", { display: "flex", alignItems: "center", gap: 24 }, [
        mark,
        el("div", { fontSize: 44, fontWeight: 700, letterSpacing: -1 }, texts.siteName),
      ]),
      el("div", { display: "flex", flexDirection: "column", gap: 24, width: 1040 }, [
        el(
          "div",
          {
            fontSize: texts.title.length > 26 ? 64 : 76,
            fontWeight: 700,
            lineHeight: 1.1,
            letterSpacing: -1.5,
          },
          texts.title,
        ),
        el("div", { fontSize: 30, lineHeight: 1.4, color: "#f3dcf8" }, texts.description),
      ]),
    ],
  );
}

export async function renderSocialImage(
  texts: PageTexts,
  loadedFonts?: Awaited<ReturnType<typeof fonts>>,
): Promise<Uint8Array> {
  const svg = await satori(socialImageTree(texts) as never, {
    ...socialImageSize,
    fonts: loadedFonts ?? (await fonts()),
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: socialImageSize.width } })
    .render()
    .asPng();
}

/** Writes `<webDir>/og/<lang>/<name>.png` for every language and indexed page; returns the files. */
export async function buildSocialImages(webDir: string): Promise<string[]> {
  const loadedFonts = await fonts();
  const written: string[] = [];
  for (const lang of languages) {
    const texts = await catalog(lang);
    const dir = path.join(webDir, "og", lang);
    await mkdir(dir, { recursive: true });
    for (const page of socialPages) {
      const png = await renderSocialImage(
        {
          siteName: texts.meta.siteName,
          title: texts.pages[page.name]?.title ?? texts.meta.siteName,
          description: texts.pages[page.name]?.description ?? texts.meta.description,
        },
        loadedFonts,
      );
      const file = path.join(dir, `${page.name}.png`);
      await writeFile(file, png);
      written.push(file);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = await buildSocialImages(process.argv[2] ?? "build/client");
  console.log(`wrote ${files.length} social images`);
}
