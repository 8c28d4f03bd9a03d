// A campaign page's calendar on its own, with the clock given: live from its start (included) to its end
// (excluded), the next boundary the server's timer waits for, and where an ended page sends visitors.
import { afterEndPath, crossedBoundary, hasWindow, nextWindowBoundary, windowState } from "~/domain/campaign-window";

// Tomorrow 09:00 and 21:00 in Madrid (summer time, UTC+2), as the Studio stores them.
const FROM = "2026-06-02T07:00:00.000Z";
const UNTIL = "2026-06-02T19:00:00.000Z";
const at = (iso: string) => Date.parse(iso);

describe("windowState", () => {
  const window = { visibleFrom: FROM, visibleUntil: UNTIL };

  it("is scheduled before the start, live from the start, ended from the end on", () => {
    expect(windowState(window, at(FROM) - 1)).toBe("scheduled");
    expect(windowState(window, at(FROM))).toBe("live");
    expect(windowState(window, at(UNTIL) - 1)).toBe("live");
    expect(windowState(window, at(UNTIL))).toBe("ended");
    expect(windowState(window, at(UNTIL) + 86_400_000)).toBe("ended");
  });

  it("takes a start or an end alone, and offsets other than Z", () => {
    expect(windowState({ visibleFrom: "2026-06-02T09:00:00+02:00" }, at(FROM) - 1)).toBe("scheduled");
    expect(windowState({ visibleFrom: "2026-06-02T09:00:00+02:00" }, at(FROM))).toBe("live");
    expect(windowState({ visibleUntil: UNTIL }, 0)).toBe("live");
    expect(windowState({ visibleUntil: UNTIL }, at(UNTIL))).toBe("ended");
  });

  it("an end before the start never shows the page", () => {
    const reversed = { visibleFrom: UNTIL, visibleUntil: FROM };
    for (const now of [at(FROM) - 1, at(FROM), at(UNTIL), at(UNTIL) + 1])
      expect(windowState(reversed, now)).not.toBe("live");
  });

  it("reads anything that is not a date-time as no boundary, and never throws", () => {
    for (const junk of [
      null,
      undefined,
      42,
      "",
      "mañana",
      "2026-06-02",
      "2026-13-45T99:99:00Z",
      { a: 1 },
      "x".repeat(10_000),
    ]) {
      expect(windowState({ visibleFrom: junk, visibleUntil: junk }, at(FROM))).toBe("live");
      expect(hasWindow({ visibleFrom: junk, visibleUntil: junk })).toBe(false);
    }
    expect(windowState(null, 0)).toBe("live");
    expect(hasWindow({ visibleUntil: UNTIL })).toBe(true);
  });
});

describe("the boundary timer's arithmetic", () => {
  const windows = [
    { visibleFrom: FROM, visibleUntil: UNTIL },
    { visibleUntil: "2026-06-01T10:00:00Z" },
    { visibleFrom: "nonsense" },
  ];

  it("waits for the first boundary still ahead, or for none", () => {
    expect(nextWindowBoundary(windows, at("2026-06-01T00:00:00Z"))).toBe(at("2026-06-01T10:00:00Z"));
    expect(nextWindowBoundary(windows, at("2026-06-01T10:00:00Z"))).toBe(at(FROM));
    expect(nextWindowBoundary(windows, at(FROM))).toBe(at(UNTIL));
    expect(nextWindowBoundary(windows, at(UNTIL))).toBeNull();
    expect(nextWindowBoundary([], 0)).toBeNull();
  });

  it("names the pages whose boundary fell since the last look (its own instant included)", () => {
    const [page] = windows;
    expect(crossedBoundary(page!, at(FROM) - 1000, at(FROM))).toBe(true);
    expect(crossedBoundary(page!, at(FROM), at(FROM) + 1000)).toBe(false);
    expect(crossedBoundary(page!, at(FROM) + 1, at(UNTIL))).toBe(true);
    expect(crossedBoundary(page!, at(UNTIL), at(UNTIL) + 10_000)).toBe(false);
  });
});

describe("afterEndPath", () => {
  it("keeps a path of the site with its query and anchor", () => {
    expect(afterEndPath("/reformas-madrid")).toBe("/reformas-madrid");
    expect(afterEndPath("/sectores/reformas?origen=feria#contacto")).toBe("/sectores/reformas?origen=feria#contacto");
  });

  it("refuses anything that would leave the site, break the header or point at the page itself", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/a b",
      "/a\r\nSet-Cookie: x",
      "",
      null,
      7,
      `/${"a".repeat(600)}`,
    ])
      expect(afterEndPath(bad)).toBeNull();
    expect(afterEndPath("/feria-2026?x=1", "/feria-2026")).toBeNull();
  });
});
