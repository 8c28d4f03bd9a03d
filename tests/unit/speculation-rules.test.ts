// The Speculation Rules every page carries: same-origin prefetch, moderate, never /api/* nor an experiment's path.
import { describe, expect, it } from "vitest";

import { speculationRules } from "~/lib/speculation-rules";

type Rules = { prefetch: Array<{ source: string; eagerness: string; where: { and: unknown[] } }> };

describe("speculation rules", () => {
  it("prefetch same-origin links with moderate eagerness, leaving /api/* out", () => {
    const rules = JSON.parse(speculationRules([])) as Rules;
    expect(rules.prefetch).toHaveLength(1);
    expect(rules.prefetch[0]).toMatchObject({ source: "document", eagerness: "moderate" });
    expect(rules.prefetch[0].where.and).toEqual([{ href_matches: "/*" }, { not: { href_matches: "/api/*" } }]);
  });

  it("leave out each experiment path, with or without a query", () => {
    const rules = JSON.parse(speculationRules(["/reformas-integrales", "/b"])) as Rules;
    expect(rules.prefetch[0].where.and).toContainEqual({ not: { href_matches: "/reformas-integrales" } });
    expect(rules.prefetch[0].where.and).toContainEqual({ not: { href_matches: "/reformas-integrales?*" } });
    expect(rules.prefetch[0].where.and).toContainEqual({ not: { href_matches: "/b" } });
  });

  it("escape URLPattern syntax and never end the script early", () => {
    const text = speculationRules(["/a:b*(c)", "/</script>"]);
    expect(text).not.toContain("</");
    const rules = JSON.parse(text) as Rules;
    expect(rules.prefetch[0].where.and).toContainEqual({ not: { href_matches: "/a\\:b\\*\\(c\\)" } });
  });
});
