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

  it("leaves nothing for the browser to fetch before the first paint: preloads become inert, no static imports", () => {
    expect(result).not.toMatch(/<link rel="modulepreload"/);
    expect(result).toContain('<link data-modulepreload="/build/_shared/chunk-HZUFFDHA.js"/>');
    expect(loader).not.toMatch(/^import /m);
    expect(result.match(/<link /g)?.length).toBe(page.match(/<link /g)?.length);
  });

  it("loads the same modules after the first frame, then registers the route modules and starts the client entry", () => {
    expect(loader).toContain("requestAnimationFrame(");
    expect(loader).toContain('link.rel="modulepreload"');
    expect(loader).toContain('import("/build/manifest-C82C480B.js")');
    expect(loader).toContain('import("/build/root-GDY7PMFX.js")');
    expect(loader).toContain('import("/build/routes/sectores.$slug-L24I5YWB.js")');
    expect(loader).toContain('window.__remixRouteModules={"root":route0,"routes/sectores.$slug":route1}');
    expect(loader.indexOf('import("/build/entry.client-CLN5UAPA.js")')).toBeGreaterThan(loader.indexOf("__remixRouteModules"));
    expect(() => new Function(loader.replace(/import\(/g, "load("))).not.toThrow();
  });

  it("keeps the page itself and the Remix context untouched", () => {
    expect(result).toContain("<main>Hola</main>");
    expect(result).toContain('<script>window.__remixContext = {"state":{}};__remixContext.p = function(v,e){};</script>');
  });

  it("leaves documents it does not recognise alone", () => {
    const odd = page.replace("window.__remixRouteModules = {", "window.__remixRouteModules = alert(1)||{");
    expect(paintFirstHydration(odd)).toBe(odd);
    expect(paintFirstHydration("<html><body>sin scripts</body></html>")).toBe("<html><body>sin scripts</body></html>");
  });
});
