// scripts/merge-client-chunks.mjs writes Remix's own future flags into the browser code as constants, so
// the minifier drops what a switched-off flag guards. Each read becomes the value remix.config.js gives.
import { describe, expect, it } from "vitest";

import { inlineRemixFlags } from "../../scripts/merge-client-chunks.mjs";

describe("Remix's future flags as build-time constants", () => {
  const off = { v3_singleFetch: false, v3_lazyRouteDiscovery: false };

  it("turns every read of a flag, whatever object it is read from, into the configured value", () => {
    const code =
      "if(window.__remixContext.future.v3_singleFetch){a()}let c=o.v3_singleFetch||x;deps=[l.v3_singleFetch,i];" +
      "function Oa(e,t){return!0===e.v3_lazyRouteDiscovery&&!t}";
    expect(inlineRemixFlags(code, off)).toBe(
      "if((false)){a()}let c=(false)||x;deps=[(false),i];function Oa(e,t){return!0===(false)&&!t}",
    );
    expect(inlineRemixFlags("if(e.future.v3_singleFetch)a()", { v3_singleFetch: true })).toBe("if((true))a()");
  });

  it("an unset flag reads false, as Remix reads it", () => {
    expect(inlineRemixFlags("x=n.v3_lazyRouteDiscovery", {})).toBe("x=(false)");
  });

  it("leaves alone what is not a read: object keys, assignments, optional reads, other names", () => {
    const code =
      'let f={v3_singleFetch:!0};f.v3_singleFetch=1;f.v3_singleFetch = 2;g?.v3_singleFetch;h.v3_singleFetchX;"v3_singleFetch";f.v3_singleFetch==1';
    expect(inlineRemixFlags(code, off)).toBe(
      'let f={v3_singleFetch:!0};f.v3_singleFetch=1;f.v3_singleFetch = 2;g?.v3_singleFetch;h.v3_singleFetchX;"v3_singleFetch";(false)==1',
    );
  });
});
