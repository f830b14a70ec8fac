import regular from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?url";
import bold from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2?url";
import { preload } from "react-dom";

// Noto Sans Arabic for Arabic pages (decision 070), written into their <head> only, so that no
// other language's page downloads it or carries its rules. Two weights: 500 text takes the
// regular face, 600 and 700 headings the bold one (the font matching rules pick the nearest).
// The unicode-range keeps Latin words and digits in the system font the other pages use.
const arabicRange = "U+0600-06FF, U+0750-077F, U+08A0-08FF, U+200C-200F, U+FB50-FDFF, U+FE70-FEFF";

const css = [
  ...[
    [400, regular],
    [700, bold],
  ].map(
    ([weight, url]) =>
      `@font-face{font-family:"Noto Sans Arabic";font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format("woff2");unicode-range:${arabicRange}}`,
  ),
  `html[lang="ar"] body{font-family:"Noto Sans Arabic",var(--font-sans)}`,
].join("");

/**
 * The Arabic page's font: the regular face preloaded, the faces and their use in a hoisted style.
 * As React resources (preload(), a style with `precedence`) they are not matched in hydration, so
 * a page hydrated in Arabic over HTML prerendered in another language (the SPA shell) stays whole.
 */
export function ArabicFont() {
  preload(regular, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    <style href="hawl-arabic-font" precedence="default">
      {css}
    </style>
  );
}
