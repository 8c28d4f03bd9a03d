// The visit's origin carried in window.name between full page loads (no storage, no consent needed).
import { describe, expect, it } from "vitest";

import { originFromWindowName, WINDOW_NAME_PREFIX, windowNameFor } from "~/tracking/origin-window-name";

const origin = {
  gclid: "abc",
  utm_source: "google",
  paginaEntrada: "/?gclid=abc",
  urlReferencia: "https://www.google.com/",
};

describe("origin in window.name", () => {
  it("round-trips an origin under the prefix", () => {
    const name = windowNameFor(origin, "");
    expect(name?.startsWith(WINDOW_NAME_PREFIX)).toBe(true);
    expect(originFromWindowName(name)).toEqual(origin);
  });

  it("replaces its own name, never someone else's", () => {
    expect(windowNameFor(origin, `${WINDOW_NAME_PREFIX}{"paginaEntrada":"/"}`)).not.toBeNull();
    expect(windowNameFor(origin, "checkout-popup")).toBeNull();
  });

  it("reads nothing from another name, a broken one or an unknown shape", () => {
    expect(originFromWindowName("")).toBeNull();
    expect(originFromWindowName(undefined)).toBeNull();
    expect(originFromWindowName("checkout-popup")).toBeNull();
    expect(originFromWindowName(`${WINDOW_NAME_PREFIX}{not json`)).toBeNull();
    expect(originFromWindowName(`${WINDOW_NAME_PREFIX}{"x":"y"}`)).toBeNull();
    expect(originFromWindowName(`${WINDOW_NAME_PREFIX}${"x".repeat(5_000)}`)).toBeNull();
  });

  it("keeps only known fields, with a landing path and an http(s) referrer", () => {
    const name = `${WINDOW_NAME_PREFIX}${JSON.stringify({ gclid: "g", paginaEntrada: "https://x/", urlReferencia: "javascript:1", extra: "no" })}`;
    expect(originFromWindowName(name)).toEqual({ gclid: "g" });
  });
});
