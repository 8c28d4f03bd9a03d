// A/B experiments, the pure rules: the weighted draw, the experiment cookie, who takes part and which
// variant they see, the statistics and the report.
import fc from "fast-check";

import {
  clearExperimentCookie,
  EXPERIMENT_COOKIE,
  experimentCookie,
  MAX_ASSIGNMENTS,
  readAssignments,
  withAssignment,
} from "~/experiments/cookie";
import { isCrawler } from "~/experiments/crawler";
import { decideVariant, shouldForgetAssignments } from "~/experiments/decide";
import { drawVariant } from "~/experiments/draw";
import { type Experiment, experimentAtPath, readExperiments, variantPagesUnderTest } from "~/experiments/model";
import { experimentReport, reportJson, variantFigures, verdictText } from "~/experiments/report";
import { chanceToBeatControl, conversionRate, verdict } from "~/experiments/statistics";

import { seededRandom } from "../support/seeded-random";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ANALYTICS = "cookie_consent=v1.a1.p0";

function experiment(overrides: Partial<Experiment> = {}): Experiment {
  return {
    key: "titular-reformas",
    name: "Titular reformas",
    status: "running",
    winner: null,
    variants: [
      { key: "a", label: "Control", weight: 50, pageId: "campaignPage.reformas", slug: "reformas-madrid" },
      { key: "b", label: "Titular corto", weight: 50, pageId: "campaignPage.reformas-b", slug: "reformas-madrid-b" },
    ],
    ...overrides,
  };
}

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
    const cookie = experimentCookie(withAssignment(new Map([["uno", "a"]]), "dos", "b"), { secure: true });
    expect(cookie).toBe(`${EXPERIMENT_COOKIE}=uno.a|dos.b; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    const header = `x=1; ${EXPERIMENT_COOKIE}=uno.a|dos.b|uno.c|roto|tres.b.c|Mal.a|cuatro.%; ${EXPERIMENT_COOKIE}=cinco.a`;
    expect([...readAssignments(header)]).toEqual([
      ["uno", "a"],
      ["dos", "b"],
      ["cinco", "a"],
    ]);
  });

  it("never throws, whatever the Cookie header holds", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(() => readAssignments(`${EXPERIMENT_COOKIE}=${value}`)).not.toThrow();
        expect(() => readAssignments(value)).not.toThrow();
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

  it("draws on the first visit with analytics consent: a new assignment to store and count", () => {
    const first = decideVariant(experiment(), withConsent, () => 0.9);
    expect(first.variant.key).toBe("b");
    expect(first.participant).toBe(true);
    expect([...first.newAssignments!]).toEqual([["titular-reformas", "b"]]);
  });

  it("keeps the cookie's variant on later visits: no new draw, nothing counted again", () => {
    const again = decideVariant(
      experiment(),
      { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: CHROME },
      () => 0,
    );
    expect(again.variant.key).toBe("b");
    expect(again.participant).toBe(true);
    expect(again.newAssignments).toBeNull();
  });

  it("draws again when the cookie names a variant the experiment no longer has, or is broken", () => {
    for (const value of ["titular-reformas.z", "titular-reformas", "%%%"]) {
      const decision = decideVariant(
        experiment(),
        { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=${value}`, userAgent: CHROME },
        () => 0,
      );
      expect(decision.variant.key).toBe("a");
      expect(decision.newAssignments?.get("titular-reformas")).toBe("a");
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
      expect(decision).toMatchObject({ participant: false, newAssignments: null });
      expect(decision.variant.key).toBe("a");
    }
    const paused = decideVariant(
      experiment({ status: "paused" }),
      { cookieHeader: `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`, userAgent: CHROME },
      () => 0.99,
    );
    expect(paused).toMatchObject({ participant: false, newAssignments: null });
    expect(paused.variant.key).toBe("a");
  });

  it("shows the winner of an ended experiment to everyone (the control when none was chosen)", () => {
    for (const cookieHeader of [null, ANALYTICS, `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.a`]) {
      const ended = decideVariant(experiment({ status: "ended", winner: "b" }), { cookieHeader, userAgent: CHROME });
      expect(ended).toMatchObject({ participant: false, newAssignments: null });
      expect(ended.variant.key).toBe("b");
    }
    expect(decideVariant(experiment({ status: "ended" }), withConsent).variant.key).toBe("a");
  });

  it("never draws for a form post: the cookie's variant, else the control and no participant", () => {
    const cookieHeader = `${ANALYTICS}; ${EXPERIMENT_COOKIE}=titular-reformas.b`;
    expect(decideVariant(experiment(), { cookieHeader, userAgent: CHROME }, null)).toMatchObject({
      variant: { key: "b" },
      participant: true,
      newAssignments: null,
    });
    expect(decideVariant(experiment(), { cookieHeader: ANALYTICS, userAgent: CHROME }, null)).toMatchObject({
      variant: { key: "a" },
      participant: false,
      newAssignments: null,
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

describe("the statistics", () => {
  it("gives 200/1000 against 260/1000 a chance above 99 % (and the mirror below 1 %)", () => {
    const chance = chanceToBeatControl({ visitors: 1000, leads: 200 }, { visitors: 1000, leads: 260 });
    expect(chance).toBeGreaterThan(0.99);
    expect(chance).toBeCloseTo(0.9994, 3);
    expect(chanceToBeatControl({ visitors: 1000, leads: 260 }, { visitors: 1000, leads: 200 })).toBeCloseTo(
      1 - chance,
      6,
    );
  });

  it("matches known values of the beta-binomial model", () => {
    // Equal samples: a coin flip.
    expect(chanceToBeatControl({ visitors: 100, leads: 10 }, { visitors: 100, leads: 10 })).toBeCloseTo(0.5, 6);
    // No data: a coin flip too.
    expect(chanceToBeatControl({ visitors: 0, leads: 0 }, { visitors: 0, leads: 0 })).toBeCloseTo(0.5, 6);
    // Beta(2,1) against Beta(1,1): P(X > Y) = 1/3 for the control winning, so 2/3 … for B = Beta(2,1).
    expect(chanceToBeatControl({ visitors: 0, leads: 0 }, { visitors: 1, leads: 1 })).toBeCloseTo(2 / 3, 9);
    // 10/100 against 15/100 is suggestive but not conclusive.
    const suggestive = chanceToBeatControl({ visitors: 100, leads: 10 }, { visitors: 100, leads: 15 });
    expect(suggestive).toBeGreaterThan(0.8);
    expect(suggestive).toBeLessThan(0.95);
  });

  it("agrees between the exact sum and the normal approximation used for large samples", () => {
    const large = chanceToBeatControl({ visitors: 100_000, leads: 10_000 }, { visitors: 100_000, leads: 10_300 });
    const exact = chanceToBeatControl({ visitors: 40_000, leads: 4_000 }, { visitors: 40_000, leads: 4_120 });
    expect(large).toBeGreaterThan(0.98);
    expect(exact).toBeGreaterThan(0.8);
    expect(exact).toBeLessThan(large);
  });

  it("names no winner before the minimum sample, then only at 95 % or more", () => {
    expect(
      verdict([
        { key: "a", visitors: 150, leads: 10 },
        { key: "b", visitors: 150, leads: 40 },
      ]),
    ).toMatchObject({
      kind: "too-early",
      visitorsNeeded: 50,
    });
    expect(
      verdict([
        { key: "a", visitors: 1000, leads: 200 },
        { key: "b", visitors: 1000, leads: 260 },
      ]),
    ).toEqual({
      kind: "winner",
      variant: "b",
    });
    expect(
      verdict([
        { key: "a", visitors: 1000, leads: 260 },
        { key: "b", visitors: 1000, leads: 200 },
      ]),
    ).toEqual({
      kind: "winner",
      variant: "a",
    });
    expect(
      verdict([
        { key: "a", visitors: 1000, leads: 200 },
        { key: "b", visitors: 1000, leads: 210 },
      ]),
    ).toEqual({
      kind: "no-difference-yet",
    });
  });

  it("gives rate 0 without visitors and never NaN on odd counts", () => {
    expect(conversionRate({ visitors: 0, leads: 3 })).toBe(0);
    expect(Number.isNaN(chanceToBeatControl({ visitors: -1, leads: Number.NaN }, { visitors: 5, leads: 9 }))).toBe(
      false,
    );
  });
});

describe("the report", () => {
  it("has the report's wire shape: visitors, leads, rate and chance per variant, null for the control", () => {
    const report = experimentReport(experiment(), [
      { experiment: "titular-reformas", variant: "a", visitors: 1000, leads: 200 },
      { experiment: "titular-reformas", variant: "b", visitors: 1000, leads: 260 },
      { experiment: "otro", variant: "a", visitors: 5, leads: 5 },
    ]);
    const [json] = reportJson([report]);
    expect(json).toEqual({
      key: "titular-reformas",
      status: "running",
      variants: [
        { key: "a", visitors: 1000, leads: 200, rate: 0.2, chanceToBeatControl: null },
        { key: "b", visitors: 1000, leads: 260, rate: 0.26, chanceToBeatControl: expect.any(Number) },
      ],
    });
    expect(json!.variants[1]!.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(variantFigures(report.variants[1]!)).toBe(
      "1.000 visitantes · 260 leads · conversión 26,0\u00a0% · probabilidad de superar al control 99,9\u00a0%",
    );
    expect(verdictText(report)).toBe("Ganadora con un 95\u00a0% de probabilidad o más: Titular corto.");
  });

  it("reports zeros for a variant nobody was counted for yet", () => {
    const [json] = reportJson([experimentReport(experiment(), [])]);
    expect(json!.variants).toEqual([
      { key: "a", visitors: 0, leads: 0, rate: 0, chanceToBeatControl: null },
      { key: "b", visitors: 0, leads: 0, rate: 0, chanceToBeatControl: 0.5 },
    ]);
  });
});
