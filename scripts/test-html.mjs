// `npm run test:html`: builds when stale, starts the production server, fetches every page (the
// dialogs' markup is part of their pages) and checks it with the W3C Nu HTML checker (npm vnu-jar,
// needs Java) in one JVM, and checks the bytes for U+0000. Fails on any checker error or NUL byte.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import vnu from "vnu-jar";

import { ensureBuild, startProductionServer } from "./lib/build.mjs";
import { pathSlug, sitePaths } from "./lib/site-routes.mjs";

/**
 * The checker predates `<link rel="expect" blocking="render">` (in the HTML standard since 2024; the root
 * layout's first-paint guard, docs/images.md): it still allows `blocking` on stylesheet links only. That
 * one message, on that one element, is not an error of the page.
 */
function isOutdatedCheckerError(message) {
  return (
    message.message ===
      "A \u201clink\u201d element with a \u201cblocking\u201d attribute must have a \u201crel\u201d attribute whose value is \u201cstylesheet\u201d." &&
    /<link rel="expect" href="#[\w-]+" blocking="render"\/?>/.test(message.extract ?? "")
  );
}

ensureBuild();
const server = await startProductionServer();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "html-check-"));
let failed = false;
try {
  const paths = await sitePaths(server.baseUrl);
  const files = new Map();
  for (const pathname of paths) {
    const response = await fetch(`${server.baseUrl}${pathname}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) {
      console.error(`${pathname}: answered ${response.status} ${response.headers.get("content-type")}, not HTML`);
      failed = true;
      continue;
    }
    const nul = body.indexOf(0);
    if (nul >= 0) {
      const context = body.subarray(Math.max(0, nul - 40), nul + 40).toString("utf8");
      console.error(`${pathname}: U+0000 at byte ${nul}: ${JSON.stringify(context)}`);
      failed = true;
    }
    const file = path.join(folder, `${pathSlug(pathname)}.html`);
    fs.writeFileSync(file, body);
    files.set(file, pathname);
  }
  let report = "";
  try {
    report = execFileSync("java", ["-jar", vnu, "--format", "json", "--stdout", ...files.keys()], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    // The checker exits 1 when it reports errors; its report is still on stdout.
    if (typeof error.stdout !== "string" || !error.stdout) throw error;
    report = error.stdout;
  }
  const messages = JSON.parse(report).messages ?? [];
  const errors = messages.filter(
    (message) => (message.type === "error" || message.subType === "fatal") && !isOutdatedCheckerError(message),
  );
  const byPage = new Map();
  for (const message of errors) {
    const pathname = files.get(decodeURIComponent(new URL(message.url).pathname)) ?? message.url;
    byPage.set(pathname, [...(byPage.get(pathname) ?? []), message]);
  }
  for (const [pathname, pageErrors] of byPage) {
    console.error(`${pathname}: ${pageErrors.length} error(s)`);
    for (const message of pageErrors.slice(0, 10))
      console.error(`  line ${message.lastLine}: ${message.message}\n    ${JSON.stringify(message.extract ?? "")}`);
  }
  if (errors.length > 0) failed = true;
  console.log(`${files.size} pages checked with the Nu HTML checker: ${errors.length} error(s).`);
} finally {
  await server.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
