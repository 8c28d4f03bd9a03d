/**
 * Paint first, hydrate right after. Remix's <Scripts/> asks for every JavaScript module at once
 * (modulepreload links plus a module script with static imports), so on a slow phone connection the
 * ~100 KB of JS competes with the HTML and CSS for the first paint. The document is complete without
 * JS (server-rendered, forms post natively), so this rewrite starts loading the same modules, in the
 * same order and with the same preloads, right after the browser reports the first contentful paint
 * (at once in a background tab, where nothing is painted). The preload links move into the loader
 * script as a list of URLs; it puts the same <link rel="modulepreload"> elements back where Remix
 * rendered them (before its context script) ahead of hydration, so React finds the markup it rendered
 * and the served HTML has no inert element to flag. Anything that does not look like Remix 2's output
 * is left alone.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** The run of preload links Remix renders right before its context script. */
const MODULE_PRELOADS_BEFORE_CONTEXT =
  /((?:<link rel="modulepreload" href="[^"]+"\/>)+)(?=<script>window\.__remixContext = )/;
const REMIX_CONTEXT_SCRIPT_START = "window.__remixContext = ";
const REMIX_MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MANIFEST_IMPORT = /^import "([^"]+)";$/m;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/gm;
const ROUTE_MODULES = /^window\.__remixRouteModules = (\{[^\n]*\});$/m;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/m;
/** Hydrate anyway when no paint report has come by then (a page with nothing contentful to paint). */
const PAINT_REPORT_TIMEOUT_MS = 3_000;
/**
 * Module preloads started per task. Each start costs the main thread a few milliseconds on a mid-range
 * phone (traced with the CPU slowed 4×: batches of 4 took 20–56 ms, the top of it counted as blocking time).
 */
const PRELOADS_PER_TASK = 2;

function loaderScript(
  preloads: string[],
  manifest: string,
  routes: Array<[string, string]>,
  routeModules: string,
  entry: string,
) {
  const json = JSON.stringify;
  return [
    `let started=false;`,
    `const load=()=>Promise.all([import(${json(manifest)}),${routes.map(([, url]) => `import(${json(url)})`).join(",")}])`,
    `.then(([,${routes.map(([name]) => name).join(",")}])=>{window.__remixRouteModules=${routeModules};return import(${json(entry)});});`,
    // Starting two dozen downloads at once is itself a long task on a phone: a few per task, then the imports.
    // Each link goes back before the context script, in Remix's order, where hydration expects it.
    `const preloads=${json(preloads).replace(/</g, "\\u003c")};`,
    `const anchor=[...document.scripts].find((script)=>script.text.startsWith(${json(REMIX_CONTEXT_SCRIPT_START)}));`,
    `const preload=()=>{for(const href of preloads.splice(0,${PRELOADS_PER_TASK})){const link=document.createElement("link");link.rel="modulepreload";link.href=href;anchor.before(link);}setTimeout(preloads.length?preload:load,0);};`,
    `const hydrate=()=>{if(started)return;started=true;preload();};`,
    `const afterPaint=()=>setTimeout(hydrate,0);`,
    `if(document.visibilityState==="hidden")hydrate();`,
    `else{document.addEventListener("visibilitychange",hydrate,{once:true});`,
    // The browser's own report of the first contentful paint (it comes once the frame is on screen,
    // later than a requestAnimationFrame callback); the frame callback where that report is missing.
    `if(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.includes("paint")){`,
    `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();afterPaint();}}).observe({type:"paint",buffered:true});`,
    `setTimeout(hydrate,${PAINT_REPORT_TIMEOUT_MS});}`,
    `else requestAnimationFrame(afterPaint);}`,
  ].join("");
}

/** Rewrites a rendered Remix document so its scripts load after the first paint. */
export function paintFirstHydration(html: string): string {
  const script = REMIX_MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const body = script[1];
  const manifest = MANIFEST_IMPORT.exec(body)?.[1];
  const routeModules = ROUTE_MODULES.exec(body)?.[1];
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  const routes = [...body.matchAll(ROUTE_IMPORT)].map(([, name, url]) => [name, url] as [string, string]);
  if (!manifest || !routeModules || !entry || routes.length === 0) return html;
  // Only identifiers we imported may appear in the route-module map (it becomes code).
  const known = new Set(routes.map(([name]) => name));
  const referenced = [...routeModules.matchAll(/:(route\d+)\b/g)].map(([, name]) => name);
  if (referenced.some((name) => !known.has(name)) || /[()`=;<]/.test(routeModules.replace(/"(?:[^"\\]|\\.)*"/g, "")))
    return html;

  const preloadRun = MODULE_PRELOADS_BEFORE_CONTEXT.exec(html)?.[1];
  if (!preloadRun) return html;
  const preloads = [...preloadRun.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const loader = loaderScript(preloads, manifest, routes, routeModules, entry);
  // The <script> elements stay (React hydrates them); the loader restores the links before hydrating.
  return html
    .replace(preloadRun, () => "")
    .replace(REMIX_MODULE_SCRIPT, () => `<script type="module" async="">${loader}</script>`);
}
