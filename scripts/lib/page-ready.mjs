// When a page's own script is live, for the scripts and tests that drive pages in Chromium (shots, bench:js, the
// browser tests): the frame script has started (`data-frame-ready` on <html>) and, on a page that hydrates (it
// carries Remix's context), React's fiber is on its <main>. A function run inside the page (waitForFunction).

/** @returns {boolean} */
export function pageScriptLive() {
  if (!document.documentElement.hasAttribute("data-frame-ready")) return false;
  if (!("__remixContext" in window)) return true;
  const main = document.querySelector("main");
  return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactFiber")));
}
