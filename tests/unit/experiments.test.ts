// A/B experiments, the pure rules: the weighted draw, the experiment cookie, who takes part and which
// variant they see (the statistics and the report: experiment-statistics.test.ts).
import fc from "fast-check";

import {
  clearExperimentCookie,
  EXPERIMENT_COOKIE,
  experimentCookie,
  isBrowserId,
  MAX_ASSIGNMENTS,
  newBrowserId,
  readAssignments,
  readExperimentCookie,
  withAssignment,
} from "~/experiments/cookie";
import { isCrawler } from "~/experiments/crawler";
import { decideVariant as decide, shouldForgetAssignments as shouldForget } from "~/experiments/decide";
import { drawVariant } from "~/experiments/draw";
import { experimentAtPath, readExperiments, variantPagesUnderTest } from "~/experiments/model";
import { visitorFromHeaders } from "~/visitor/context.server";

import { experimentModel } from "../support/experiment-fixtures";
import { seededRandom } from "../support/seeded-random";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ANALYTICS = "cookie_consent=v1.a1.p0";
const ID = "Qm9yZGVyLXRlc3QtaWQtMQ";

const experiment = experimentModel;

// The rules take the visitor as read once per request (app/visitor/context.server.ts): these read it from headers.
type RequestHeaders = { cookieHeader: string | null | undefined; userAgent?: string | null };
const decideVariant = (model: Parameters<typeof decide>[0], request: RequestHeaders, ...rest: DecideRest) =>
  decide(model, visitorFromHeaders(request), ...rest);
type DecideRest = Parameters<typeof decide> extends [unknown, unknown, ...infer Rest] ? Rest : never;
const shouldForgetAssignments = (request: RequestHeaders) => shouldForget(visitorFromHeaders(request));

describe("the weighted draw", () => {
  // Bounds of 4.5 standard deviations: a correct draw stays inside them essentially always.
  function expectWithinBounds(weights: number[], draws: number, seed: number) {
    const variants = weights.map((weight, index) => ({ key: String(index), weight }));
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = new Map<string, number>();
    const random = seededRandom(seed);
    for (let index = 0; index < draws; index += 1) {
      const key = drawVariant(variants, random)!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    weights.forEach((weight, index) => {
      const p = weight / total;
      const expected = draws * p;
      const bound = 4.5 * Math.sqrt(draws * p * (1 - p));
      expect(Math.abs((counts.get(String(index)) ?? 0) - expected)).toBeLessThan(bound);
    });
  }

  it("gives each variant its weight's share over 20,000 seeded draws (50/50, 70/20/10, 1/3)", () => {
    expectWithinBounds([50, 50], 20_000, 1);
    expectWithinBounds([70, 20, 10], 20_000, 2);
    expectWithinBounds([1, 3], 20_000, 3);
  });

  it("never draws a variant whose weight is not positive, and gives null when none is usable", () => {
    const random = seededRandom(4);
    for (let index = 0; index < 1000; index += 1) {
      expect(
        drawVariant(
          [
            { key: "a", weight: 0 },
            { key: "b", weight: 1 },
            { key: "c", weight: -5 },
          ],
          random,
        ),
      ).toBe("b");
    }
    expect(drawVariant([{ key: "a", weight: 0 }], random)).toBeNull();
    expect(drawVariant([], random)).toBeNull();
  });

  it("lands on a variant whatever the random source returns", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.constant(1), fc.constant(Number.NaN)), (value) => {
        expect(["a", "b"]).toContain(
          drawVariant(
            [
              { key: "a", weight: 1 },
              { key: "b", weight: 2 },
            ],
            () => value,
          ),
        );
      }),
    );
  });
});

describe("the experiment cookie", () => {
  it("round-trips assignments, keeps the first value per experiment and skips broken entries", () => {
    const assignments = withAssignment(new Map([["uno", "a"]]), "dos", "b");
    const cookie = experimentCookie({ id: ID, assignments }, { secure: true });
    expect(cookie).toBe(
      `${EXPERIMENT_COOKIE}=${ID}|uno.a|dos.b; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(readExperimentCookie(cookie.split(";")[0])).toEqual({ id: ID, assignments });
    const header = `x=1; ${EXPERIMENT_COOKIE}=uno.a|dos.b|uno.c|roto|tres.b.c|Mal.a|cuatro.%; ${EXPERIMENT_COOKIE}=cinco.a`;
    expect([...readAssignments(header)]).toEqual([
      ["uno", "a"],
      ["dos", "b"],
      ["cinco", "a"],
    ]);
  });

  it("reads a cookie of the older format (pairs only) as assignments without an id", () => {
    expect(readExperimentCookie(`${EXPERIMENT_COOKIE}=titular-reformas.b`)).toEqual({
      id: null,
      assignments: new Map([["titular-reformas", "b"]]),
    });
    // Something id-like but not an id (too short, a dot, odd characters) is no id.
    for (const value of ["abc|titular-reformas.b", `${ID.slice(1)}.x`, `${ID.slice(1)}!`]) {
      expect(readExperimentCookie(`${EXPERIMENT_COOKIE}=${value}`).id).toBeNull();
    }
  });

  it("makes random ids of 22 base64url characters, all different", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newBrowserId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isBrowserId(id)).toBe(true);
  });

  it("never throws, whatever the Cookie header holds", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(() => readExperimentCookie(`${EXPERIMENT_COOKIE}=${value}`)).not.toThrow();
        expect(() => readExperimentCookie(value)).not.toThrow();
        const { id } = readExperimentCookie(`${EXPERIMENT_COOKIE}=${value}`);
        expect(id === null || isBrowserId(id)).toBe(true);
      }),
    );
  });

  it("keeps at most the latest experiments a browser took part in", () => {
    let assignments = new Map<string, string>();
    for (let index = 0; index < MAX_ASSIGNMENTS + 5; index += 1)
      assignments = withAssignment(assignments, `e${index}`, "a");
    expect(assignments.size).toBe(MAX_ASSIGNMENTS);
    expect(assignments.has("e0")).toBe(false);
    expect(assignments.has(`e${MAX_ASSIGNMENTS + 4}`)).toBe(true);
  });
});

describe("withdrawn consent", () => {
  it("removes an experiment cookie kept without analytics consent, and only then", () => {
    expect(shouldForgetAssignments({ cookieHeader: `${EXPERIMENT_COOKIE}=titular-reformas.b` })).toBe(true);
    expect(
      shouldForgetAssignments({ cookieHeader: `cookie_consent=v1.a0.p1; ${EXPERIMENT_COOKIE}=titular-reformas.b` }),
    ).toBe(true);
    expect(
      shouldForgetAssignments({ cookieHeader: `cookie_consent=v1.a1.p0; ${EXPERIMENT_COOKIE}=titular-reformas.b` }),
    ).toBe(false);
    expect(shouldForgetAssignments({ cookieHeader: "cookie_consent=v1.a0.p0" })).toBe(false);
    expect(clearExperimentCookie({ secure: false })).toBe(
      `${EXPERIMENT_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
    );
  });
});

describe("crawlers", () => {
  it("recognises crawlers by their User-Agent (isbot) but not browsers or our own test clients", () => {
    for (const agent of [
      GOOGLEBOT,
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "curl/8.5.0",
    ]) {
      expect(isCrawler(agent)).toBe(true);
    }
    for (const agent of [
      CHROME,
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/141.0.0.0 Safari/537.36",
      "node",
      null,
    ]) {
      expect(isCrawler(agent)).toBe(false);
    }
  });
});

describe("which variant a request sees", () => {
  const withConsent = { cookieHeader: ANALYTICS, userAgent: CHROME };

  it("draws on the first visit with analytics consent: a new assignment and a new id to store, one visitor to count", () => {
    const first = decideVariant(
      experiment(),
      withConsent,
      () => 0.9,
      () => ID,
    );
    expect(first.variant.key).toBe("b");
    expect(first).toMatchObject({ participant: true, drawn: true, browserId: ID });
    expect(first.cookie).toEqual({ id: ID, assignments: new Map([["titular-reformas", "b"]]) });
  });

  it("keeps the cookie's variant and id on later visits: no new draw, no cookie, nothing counted again", () => {
    const again = decideVariant(
      experiment(),
      { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=${ID}|titular-reformas.b`, userAgent: CHROME },
      () => 0,
      () => "otro-id-que-no-debe-usarse",
    );
    expect(again.variant.key).toBe("b");
    expect(again).toMatchObject({ participant: true, drawn: false, browserId: ID, cookie: null });
  });

  it("gives a cookie of the older format an id at the next page view, keeping its variants, never counting again", () => {
    const older = `${ANALYTICS}; ${EXPERIMENT_COOKIE}=otro.a|titular-reformas.b`;
    const view = decideVariant(
      experiment(),
      { cookieHeader: older, userAgent: CHROME },
      () => 0,
      () => ID,
    );
    expect(view).toMatchObject({ variant: { key: "b" }, participant: true, drawn: false, browserId: ID });
    expect(view.cookie).toEqual({
      id: ID,
      assignments: new Map([
        ["otro", "a"],
        ["titular-reformas", "b"],
      ]),
    });
    // A form post with that cookie keeps the variant but sets nothing: it converts nobody (no id yet).
    const post = decideVariant(experiment(), { cookieHeader: older, userAgent: CHROME }, null, () => ID);
    expect(post).toMatchObject({ variant: { key: "b" }, participant: true, browserId: null, cookie: null });
  });

  it("draws again when the cookie names a variant the experiment no longer has, or is broken", () => {
    for (const value of ["titular-reformas.z", "titular-reformas", "%%%"]) {
      const decision = decideVariant(
        experiment(),
        { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=${value}`, userAgent: CHROME },
        () => 0,
      );
      expect(decision.variant.key).toBe("a");
      expect(decision.drawn).toBe(true);
      expect(decision.cookie?.assignments.get("titular-reformas")).toBe("a");
    }
  });

  it("shows the control and counts nothing without analytics consent, to crawlers, or while paused", () => {
    const requests = [
      { cookieHeader: null, userAgent: CHROME },
      { cookieHeader: "cookie_consent=v1.a0.p1", userAgent: CHROME },
      { cookieHeader: "cookie_consent=v0.a1.p1", userAgent: CHROME },
      { cookieHeader: `cookie_consent=v1.a0.p0; ${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: CHROME },
      { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: GOOGLEBOT },
    ];
    for (const request of requests) {
      const decision = decideVariant(experiment(), request, () => 0.99);
      expect(decision).toMatchObject({ participant: false, cookie: null, drawn: false });
      expect(decision.variant.key).toBe("a");
    }
    const paused = decideVariant(
      experiment({ status: "paused" }),
      { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: CHROME },
      () => 0.99,
    );
    expect(paused).toMatchObject({ participant: false, cookie: null, drawn: false });
    expect(paused.variant.key).toBe("a");
  });

  it("shows the winner of an ended experiment to everyone (the control when none was chosen)", () => {
    for (const cookieHeader of [null, ANALYTICS, `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.a`]) {
      const ended = decideVariant(experiment({ status: "ended", winner: "b" }), { cookieHeader, userAgent: CHROME });
      expect(ended).toMatchObject({ participant: false, cookie: null, drawn: false });
      expect(ended.variant.key).toBe("b");
    }
    expect(decideVariant(experiment({ status: "ended" }), withConsent).variant.key).toBe("a");
  });

  it("never draws for a form post: the cookie's variant, else the control and no participant", () => {
    const cookieHeader = `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`;
    expect(decideVariant(experiment(), { cookieHeader, userAgent: CHROME }, null)).toMatchObject({
      variant: { key: "b" },
      participant: true,
      cookie: null,
      drawn: false,
    });
    expect(decideVariant(experiment(), { cookieHeader: ANALYTICS, userAgent: CHROME }, null)).toMatchObject({
      variant: { key: "a" },
      participant: false,
      cookie: null,
      drawn: false,
    });
    expect(
      decideVariant(experiment(), { cookieHeader: `${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: CHROME }, null),
    ).toMatchObject({ variant: { key: "a" }, participant: false });
  });
});

describe("experiments from content", () => {
  const raw = (overrides: Record<string, unknown> = {}) => ({
    key: "titular-reformas",
    name: "Titular",
    status: "running",
    winner: null,
    variants: [
      { key: "a", label: "Control", weight: 50, page: { _id: "p1", slug: "reformas-madrid" } },
      { key: "b", label: "B", weight: 50, page: { _id: "p2", slug: "reformas-madrid-b" } },
    ],
    ...overrides,
  });

  it("keeps well-formed experiments and drops what cannot run", () => {
    const experiments = readExperiments([
      raw(),
      raw({ key: "sin-variantes", variants: [] }),
      raw({ key: "estado-raro", status: "draft" }),
      raw({ key: "Mal Clave" }),
      raw({
        key: "control-roto",
        variants: [
          { key: "a", weight: 50, page: null },
          ...raw().variants,
          { key: "c", weight: 1, page: { _id: "p3", slug: "x" } },
        ],
      }),
      raw({ key: "peso-cero", variants: [raw().variants[0], { ...raw().variants[1], weight: 0 }] }),
      null,
      "x",
    ]);
    expect(experiments.map((item) => item.key)).toEqual(["titular-reformas"]);
    expect(readExperiments(null)).toEqual([]);
  });

  it("finds the experiment of a path (a running one first) and the variant pages under test", () => {
    const experiments = readExperiments([raw({ key: "viejo", status: "ended" }), raw()]);
    expect(experimentAtPath(experiments, "/reformas-madrid")?.key).toBe("titular-reformas");
    expect(experimentAtPath(experiments, "/reformas-madrid-b")).toBeNull();
    expect([...variantPagesUnderTest(experiments)]).toEqual(["reformas-madrid-b"]);
    expect([...variantPagesUnderTest(readExperiments([raw({ status: "paused" })]))]).toEqual([]);
  });
});
