// The one Chromium that the tests, the screenshots, the seed images and the benchmark drive: Debian's
// (`apt-get install -y chromium`) or CHROMIUM_PATH, headless, and kept quiet and offline (no sandbox
// inside containers, no GPU, no QUIC, no background downloads or sync).
import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Ends a command-line script with a clear message when Chromium is not installed. */
export function requireChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
