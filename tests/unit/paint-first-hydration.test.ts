import { describe, expect, it } from "vitest";

import { paintFirstHydration } from "~/lib/paint-first-hydration.server";

// What Remix 2's <Scripts/> renders at the end of <body> (shape copied from a real page).
const remixScripts = [
  '<link rel="modulepreload" href="/build/manifest-C82C480B.js"/>',
  '<link rel="modulepreload" href="/build/entry.client-CLN5UAPA.js"/>',
  '<link rel="modulepreload" href="/build/_shared/chunk-HZUFFDHA.js"/>',
  '<link rel="modulepreload" href="/build/root-GDY7PMFX.js"/>',
  '<link rel="modulepreload" href="/build/routes/sectores.$slug-L24I5YWB.js"/>',
  '<script>window.__remixContext = {"state":{}};__remixContext.p = function(v,e){};</script>',
  '<script type="module" async="">import "/build/manifest-C82C480B.js";\n' +
    'import * as route0 from "/build/root-GDY7PMFX.js";\n' +
    'import * as route1 from "/build/routes/sectores.$slug-L24I5YWB.js";\n\n' +
    'window.__remixRouteModules = {"root":route0,"routes/sectores.$slug":route1};\n\n' +
    'import("/build/entry.client-CLN5UAPA.js");</script>',
].join("");
const page = `<!DOCTYPE html><html lang="es"><head><link rel="stylesheet" href="/build/_assets/tailwind.css"/></head><body><main>Hola</main>${remixScripts}</body></html>`;

describe("paintFirstHydration", () => {
  const result = paintFirstHydration(page);
  const loader = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(result)?.[1] ?? "";

  it("leaves nothing for the browser to fetch before the first paint: preloads move into the loader, no static imports", () => {
    expect(result).not.toMatch(/<link rel="modulepreload"/);
    // No element without rel/href is left behind (HTML validity): the only link left is the stylesheet.
    expect(result.match(/<link /g)).toEqual(["<link "]);
    expect(loader).toContain(
      JSON.stringify([
        "/build/manifest-C82C480B.js",
        "/build/entry.client-CLN5UAPA.js",
        "/build/_shared/chunk-HZUFFDHA.js",
        "/build/root-GDY7PMFX.js",
        "/build/routes/sectores.$slug-L24I5YWB.js",
      ]),
    );
    expect(loader).not.toMatch(/^import /m);
  });

  it("registers the same modules, then the route modules, then starts the client entry", () => {
    expect(loader).toContain('link.rel="modulepreload"');
    expect(loader).toContain('import("/build/manifest-C82C480B.js")');
    expect(loader).toContain('import("/build/root-GDY7PMFX.js")');
    expect(loader).toContain('import("/build/routes/sectores.$slug-L24I5YWB.js")');
    expect(loader).toContain('window.__remixRouteModules={"root":route0,"routes/sectores.$slug":route1}');
    expect(loader.indexOf('import("/build/entry.client-CLN5UAPA.js")')).toBeGreaterThan(
      loader.indexOf("__remixRouteModules"),
    );
  });

  /** Runs the loader against a stand-in browser and tells when it asks for its first module. */
  function runLoader({ paintReports = true, visibility = "visible", preloadLinks = 5 } = {}) {
    const preloadUrls = Array.from({ length: preloadLinks }, (_, index) => `/build/_shared/chunk-${index}.js`);
    const source = paintFirstHydration(
      page.replace(
        /(<link rel="modulepreload" href="[^"]+"\/>)+/,
        preloadUrls.map((url) => `<link rel="modulepreload" href="${url}"/>`).join(""),
      ),
    );
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(source)?.[1] ?? "";
    // The body's elements before Remix's context script, as the loader inserts links there.
    const body: Array<{ rel?: string; href?: string; text?: string }> = [];
    const contextScript = { text: "window.__remixContext = {};", before: (node: object) => body.push(node) };
    const imported: string[] = [];
    const timers: Array<{ callback: () => void; delay: number }> = [];
    const frames: Array<() => void> = [];
    const listeners: Record<string, () => void> = {};
    let paintObserver:
      ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null = null;
    class FakePerformanceObserver {
      static supportedEntryTypes = paintReports ? ["paint", "largest-contentful-paint"] : ["resource"];
      constructor(callback: typeof paintObserver) {
        paintObserver = callback;
      }
      observe() {}
    }
    const document = {
      visibilityState: visibility,
      scripts: [{ text: "" }, contextScript],
      createElement: () => ({ rel: "", href: "" }),
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    };
    const fakeSelf = { PerformanceObserver: paintReports ? FakePerformanceObserver : undefined };
    const run = new Function(
      "document",
      "self",
      "PerformanceObserver",
      "requestAnimationFrame",
      "setTimeout",
      "importModule",
      script.replace(/import\(/g, "importModule("),
    );
    run(
      document,
      fakeSelf,
      FakePerformanceObserver,
      (callback: () => void) => frames.push(callback),
      (callback: () => void, delay: number) => timers.push({ callback, delay }),
      (url: string) => {
        imported.push(url);
        return new Promise(() => {});
      },
    );
    /** Runs due timers, and the timers they set, until none with at most `maxDelay` is left. */
    const runTimers = (maxDelay: number) => {
      for (
        let due = timers.filter((timer) => timer.delay <= maxDelay);
        due.length > 0;
        due = timers.filter((timer) => timer.delay <= maxDelay)
      ) {
        for (const timer of due) {
          timers.splice(timers.indexOf(timer), 1);
          timer.callback();
        }
      }
    };
    return {
      imported,
      links: body,
      preloadUrls,
      timers,
      frames,
      listeners,
      runTimers,
      reportPaint: (name: string) =>
        paintObserver?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect() {} }),
    };
  }

  it("asks for no module before the browser reports the first contentful paint, and right after it", () => {
    const browser = runLoader();
    browser.runTimers(0);
    expect(browser.imported).toEqual([]);
    browser.reportPaint("first-paint");
    browser.runTimers(0);
    expect(browser.imported).toEqual([]);
    browser.reportPaint("first-contentful-paint");
    browser.runTimers(0);
    expect(browser.imported[0]).toBe("/build/manifest-C82C480B.js");
  });

  it("starts the module preloads a few per task, all of them before the first import", () => {
    const browser = runLoader({ preloadLinks: 10 });
    browser.reportPaint("first-contentful-paint");
    const started = () => browser.links.filter((link) => link.rel === "modulepreload").length;
    expect(started()).toBe(0);
    const progress: number[] = [];
    for (let task = 0; task < 20 && browser.imported.length === 0; task++) {
      const next = browser.timers.findIndex((timer) => timer.delay === 0);
      if (next >= 0) browser.timers.splice(next, 1)[0].callback();
      progress.push(started());
    }
    // Task by task: 2 started, 4, …, all 10, then (a task of its own) the imports.
    expect(progress).toEqual([2, 4, 6, 8, 10, 10]);
    // The same links, in Remix's order, before its context script: what React hydrates.
    expect(browser.links.map((link) => link.href)).toEqual(browser.preloadUrls);
    expect(browser.imported[0]).toBe("/build/manifest-C82C480B.js");
  });

  it("still hydrates without a paint report: after a frame where none exists, after a timeout, or at once when hidden", () => {
    const noReports = runLoader({ paintReports: false });
    expect(noReports.imported).toEqual([]);
    for (const frame of noReports.frames.splice(0)) frame();
    noReports.runTimers(0);
    expect(noReports.imported[0]).toBe("/build/manifest-C82C480B.js");

    const silent = runLoader();
    silent.runTimers(10_000);
    expect(silent.imported[0]).toBe("/build/manifest-C82C480B.js");

    const hidden = runLoader({ visibility: "hidden" });
    hidden.runTimers(0);
    expect(hidden.imported[0]).toBe("/build/manifest-C82C480B.js");
    const backgrounded = runLoader();
    backgrounded.listeners.visibilitychange?.();
    backgrounded.runTimers(0);
    expect(backgrounded.imported[0]).toBe("/build/manifest-C82C480B.js");
  });

  it("keeps the page itself and the Remix context untouched", () => {
    expect(result).toContain("<main>Hola</main>");
    expect(result).toContain(
      '<script>window.__remixContext = {"state":{}};__remixContext.p = function(v,e){};</script>',
    );
  });

  it("leaves documents it does not recognise alone", () => {
    const odd = page.replace("window.__remixRouteModules = {", "window.__remixRouteModules = alert(1)||{");
    expect(paintFirstHydration(odd)).toBe(odd);
    expect(paintFirstHydration("<html><body>sin scripts</body></html>")).toBe("<html><body>sin scripts</body></html>");
  });
});
