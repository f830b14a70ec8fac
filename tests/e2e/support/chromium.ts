import { accessSync, constants } from "node:fs";

export const defaultChromiumPath = "/usr/bin/chromium";

/** Debian's Chromium (or CHROME_PATH): Playwright never downloads a browser on these machines. */
export function findChromium(): string | null {
  const candidate = process.env.CHROME_PATH || defaultChromiumPath;
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

/** One line that says what is missing and how to get it. */
export function chromiumMissingMessage(verb: "skipped" | "failed" = "skipped"): string {
  const where = process.env.CHROME_PATH
    ? `at ${process.env.CHROME_PATH} (CHROME_PATH)`
    : `at ${defaultChromiumPath}`;
  return `Browser tests ${verb}: Chromium not found ${where}. Install it with \`apt-get install chromium\` or set CHROME_PATH.`;
}

// The flags ARCHITECTURE.md lists for this machine (no GPU, no sandbox, no background traffic).
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
