// The content door only accepts queries TypeGen knows and returns their generated result type.
import { describe, expect, expectTypeOf, it } from "vitest";

import type { fetchContent, QueryResult } from "~/content/index.server";
import type { healthQuery, sectorPageQuery, siteSettingsQuery } from "~/content/queries";
import type { SectorPageQueryResult, SiteSettingsQueryResult } from "~/content/sanity.types";

describe("content door types", () => {
  it("maps each query to its TypeGen result, and refuses an unknown query string", () => {
    expectTypeOf<QueryResult<typeof siteSettingsQuery>>().toEqualTypeOf<SiteSettingsQueryResult>();
    expectTypeOf<QueryResult<typeof sectorPageQuery>>().toEqualTypeOf<SectorPageQueryResult>();
    expectTypeOf<ReturnType<typeof fetchContent<typeof healthQuery>>>().resolves.toEqualTypeOf<number>();
    // @ts-expect-error a query string TypeGen never saw does not compile
    expectTypeOf<QueryResult<"*[_type == 'x']">>().toBeUnknown();
    // @ts-expect-error a known query paired with another query's result type does not compile
    const wrong: QueryResult<typeof siteSettingsQuery> = {} as NonNullable<SectorPageQueryResult>;
    expect(wrong).toBeDefined();
  });
});
