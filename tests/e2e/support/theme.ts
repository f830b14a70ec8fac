import type { Page } from "@playwright/test";

/**
 * The page's background as rgb(r, g, b), whatever notation the style sheet used (Tailwind's
 * palette is oklch): painted on a canvas and read back.
 */
export function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  });
}

/** Which theme the page is shown in: dark when its background's lightness is below half. */
export async function shownTheme(page: Page): Promise<"light" | "dark"> {
  const channels = ((await bodyBackground(page)).match(/\d+/g) ?? []).map(Number);
  return channels.reduce((a, b) => a + b, 0) / 3 < 128 ? "dark" : "light";
}
