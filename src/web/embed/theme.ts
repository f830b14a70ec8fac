// The embed's colours (issue 6): the site's primary and accent colours replace the brand and
// gold palettes of the app (CSS variables the Tailwind classes read), in shades mixed towards
// white and black. A primary colour too light to carry white text (buttons) is darkened until
// it does (WCAG AA, 4.5:1), so a theme can never make the calculator unreadable.

type Rgb = [number, number, number];

function parse(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** `amount` (0–1) of `target` mixed into `rgb`. */
const mix = (rgb: Rgb, target: number, amount: number): Rgb =>
  rgb.map((c) => c + (target - c) * amount) as Rgb;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on `rgb`. */
export function contrastWithWhite(hex: string): number {
  const rgb = parse(hex);
  return rgb ? 1.05 / (luminance(rgb) + 0.05) : 0;
}

/** The colour, darkened in small steps until white text on it reaches 4.5:1. */
export function readableOnWhiteText(hex: string): string {
  let rgb = parse(hex) ?? [128, 0, 158];
  for (let i = 0; i < 40 && 1.05 / (luminance(rgb) + 0.05) < 4.5; i++) rgb = mix(rgb, 0, 0.05);
  return toHex(rgb);
}

const brandShades: Array<[number, number, number]> = [
  // shade, mixed with white (1) or black (0), amount
  [50, 255, 0.95],
  [100, 255, 0.9],
  [200, 255, 0.78],
  [300, 255, 0.6],
  [400, 255, 0.4],
  [500, 255, 0.22],
  [600, 255, 0.1],
  [800, 0, 0.2],
  [900, 0, 0.4],
  [950, 0, 0.62],
];
const goldShades: Array<[number, number, number]> = [
  [50, 255, 0.92],
  [100, 255, 0.82],
  [200, 255, 0.62],
  [300, 255, 0.4],
  [400, 255, 0.2],
  [600, 0, 0.15],
  [700, 0, 0.32],
  [800, 0, 0.45],
  [900, 0, 0.55],
];

/**
 * The CSS variables of a theme: `--color-brand-700` is the primary colour (made readable),
 * `--color-gold-500` the accent colour, the other shades mixed from them.
 */
export function themeVariables(primary: string, accent: string): Record<string, string> {
  const base = parse(readableOnWhiteText(primary))!;
  const gold = parse(accent) ?? [182, 136, 2];
  const vars: Record<string, string> = {
    "--color-brand-700": toHex(base),
    "--color-gold-500": toHex(gold),
  };
  for (const [shade, target, amount] of brandShades) {
    vars[`--color-brand-${shade}`] = toHex(mix(base, target, amount));
  }
  for (const [shade, target, amount] of goldShades) {
    vars[`--color-gold-${shade}`] = toHex(mix(gold, target, amount));
  }
  return vars;
}

export function applyTheme(element: HTMLElement, primary: string, accent: string): void {
  for (const [name, value] of Object.entries(themeVariables(primary, accent))) {
    element.style.setProperty(name, value);
  }
}
