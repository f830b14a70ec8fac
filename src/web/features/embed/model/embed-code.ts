import { embedHostScriptPath } from "#contracts/embed.ts";
import {
  defaultAccentColor,
  defaultEmbedCurrency,
  defaultPrimaryColor,
  type EmbedCurrency,
  type EmbedLanguage,
} from "#domain/embed/index.ts";

// The embed generator's model (spec §2 "Embed generator", §7 "Embed iframe", §9): the embed
// URL, the iframe code to copy, and the CSS lengths of its size.

export const defaultWidth = "100%";
export const defaultHeight = "800px";
/** The live preview's height, and the recommended minimum height of an embed. */
export const previewHeight = "700px";
export const recommendedMinHeightPx = 700;
/** How long the "Copied!" confirmation stays. */
export const copyConfirmationMs = 2000;

export interface EmbedDisplay {
  language: EmbedLanguage;
  currency: EmbedCurrency;
  primaryColor: string;
  accentColor: string;
}

export interface GeneratorOptions extends EmbedDisplay {
  width: string;
  height: string;
}

export function generatorDefaults(language: EmbedLanguage): GeneratorOptions {
  return {
    language,
    currency: defaultEmbedCurrency,
    primaryColor: defaultPrimaryColor,
    accentColor: defaultAccentColor,
    width: defaultWidth,
    height: defaultHeight,
  };
}

const units = [
  "px",
  "%",
  "rem",
  "em",
  "vh",
  "vw",
  "svh",
  "lvh",
  "dvh",
  "vmin",
  "vmax",
  "ch",
  "ex",
  "cm",
  "mm",
  "in",
  "pt",
  "pc",
] as const;
const lengthPattern = new RegExp(
  `^(\\d{1,5}(?:\\.\\d{1,3})?|\\.\\d{1,3})\\s*(${units.join("|")})?$`,
);

/**
 * A size typed for the iframe, as a CSS length: a positive number and a unit among px, %, rem,
 * em, vh, vw (and the other absolute and viewport units); a bare number is pixels. Case and
 * spaces do not matter: " 800 PX " → "800px". Anything else (negative, zero, calc(), a
 * semicolon…) is null: the value goes into a style attribute and must stay a plain length.
 */
export function parseCssLength(input: string): string | null {
  const match = lengthPattern.exec(input.trim().toLowerCase());
  if (!match) return null;
  const value = Number(match[1]);
  if (!(value > 0)) return null;
  const number = match[1]!.startsWith(".") ? `0${match[1]}` : match[1]!;
  return `${number}${match[2] ?? "px"}`;
}

/** Whether a height is a pixel length under the recommended 700px (other units: unknown). */
export function isBelowRecommendedHeight(height: string): boolean {
  const match = /^([\d.]+)px$/.exec(height);
  return match !== null && Number(match[1]) < recommendedMinHeightPx;
}

/**
 * The embed's address: /embed/calculator with the display options, and the key of a managed
 * embed. A managed embed's code carries only its key, so that the configuration decides. A pay
 * button is never in the address: only a key's configuration has one (decision 049).
 */
export function embedUrl(origin: string, display: EmbedDisplay | null, key?: string): string {
  const params = new URLSearchParams();
  if (key) params.set("key", key);
  if (display) {
    params.set("lang", display.language);
    params.set("currency", display.currency);
    params.set("primaryColor", display.primaryColor);
    params.set("accentColor", display.accentColor);
  }
  return `${origin}/embed/calculator?${params.toString()}`;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The code to paste: an iframe with the size as a style (any CSS length works there, not in
 * the width/height attributes), no border, a title for screen readers, lazy loading. No
 * referrerpolicy: the browser's default sends the page's origin, which a managed embed needs.
 */
export function iframeCode(options: {
  src: string;
  width: string;
  height: string;
  title: string;
}): string {
  const style = `width:${options.width};height:${options.height};border:0`;
  return (
    `<iframe src="${escapeAttribute(options.src)}" style="${escapeAttribute(style)}" ` +
    `title="${escapeAttribute(options.title)}" loading="lazy"></iframe>`
  );
}

/**
 * The host script's tag (decision 054): it sizes the frame to the calculator at each step, so
 * the height above is only the frame's height until then (and without the script).
 */
export function hostScriptCode(origin: string): string {
  return `<script src="${escapeAttribute(`${origin}${embedHostScriptPath}`)}" async></script>`;
}

/** What the generator and the manager give to paste: the iframe, then the host script. */
export function embedCode(options: Parameters<typeof iframeCode>[0] & { origin: string }): string {
  const { origin, ...frame } = options;
  return `${iframeCode(frame)}\n${hostScriptCode(origin)}`;
}
