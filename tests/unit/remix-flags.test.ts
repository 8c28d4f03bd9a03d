// scripts/merge-client-chunks.mjs writes future flags whose values are fixed at build time into the browser
// code as constants, so the minifier drops what a switched-off flag guards: Remix's own (remix.config.js)
// and React Router's, as Remix's browser entry creates the page's router.
import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { buildTimeFlags, inlineFlags, routerFutureFlags } from "../../scripts/merge-client-chunks.mjs";

const off = { v3_singleFetch: false, v3_lazyRouteDiscovery: false };

describe("future flags as build-time constants", () => {
  it("turns every read of a flag, whatever object it is read from, into its value", () => {
    const code =
      "if(window.__remixContext.future.v3_singleFetch){a()}let c=o.v3_singleFetch||x;deps=[l.v3_singleFetch,i];" +
      "function Oa(e,t){return!0===e.v3_lazyRouteDiscovery&&!t}";
    expect(inlineFlags(code, off)).toBe(
      "if((false)){a()}let c=(false)||x;deps=[(false),i];function Oa(e,t){return!0===(false)&&!t}",
    );
    expect(inlineFlags("if(e.future.v3_singleFetch)a()", { v3_singleFetch: true })).toBe("if((true))a()");
  });

  it("leaves alone what is not a read: object keys, assignments, optional reads, other names, strings", () => {
    const code =
      'let f={v3_singleFetch:!0};f.v3_singleFetch=1;f.v3_singleFetch = 2;g?.v3_singleFetch;h.v3_singleFetchX;"v3_singleFetch";f.v3_singleFetch==1';
    expect(inlineFlags(code, off)).toBe(
      'let f={v3_singleFetch:!0};f.v3_singleFetch=1;f.v3_singleFetch = 2;g?.v3_singleFetch;h.v3_singleFetchX;"v3_singleFetch";(false)==1',
    );
  });

  it("Remix's flags are remix.config.js's, an unset one false", () => {
    expect(buildTimeFlags({ v3_singleFetch: true })).toMatchObject({
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: false,
      v7_skipActionErrorRevalidation: true,
    });
  });

  it("the router's flags are read from Remix's browser entry as installed, Remix's own in them from the config", () => {
    const source = fs.readFileSync(
      path.join(import.meta.dirname, "..", "..", "node_modules", "@remix-run", "react", "dist", "esm", "browser.js"),
      "utf8",
    );
    expect(routerFutureFlags(source, { v3_fetcherPersist: true, v3_relativeSplatPath: false })).toEqual({
      v7_normalizeFormMethod: true,
      v7_fetcherPersist: true,
      v7_partialHydration: true,
      v7_prependBasename: true,
      v7_relativeSplatPath: false,
      v7_skipActionErrorRevalidation: false,
    });
  });

  it("a browser entry that makes its router some other way stops the build", () => {
    const changed = "router = createRouter({\n  future: {\n    v7_partialHydration: isSpaMode(),\n  },\n});";
    expect(() => routerFutureFlags(changed)).toThrow(/unexpected router flag.*v7_partialHydration: isSpaMode\(\)/);
    expect(() => routerFutureFlags("createBrowserRouter(routes)")).toThrow(/no createRouter future/);
  });
});
