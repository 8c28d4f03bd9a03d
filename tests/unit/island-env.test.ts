// Where an island's form posts: the address Remix's useFormAction made (the page's path and query, `index` on
// an index route) for a post without JavaScript, and the same with the route's id for the JSON answer.
import { describe, expect, it } from "vitest";

import { dataRequestUrl, formActionUrl } from "~/components/islands/island-env";

describe("an island form's addresses", () => {
  it("post to the page itself, with its query (a campaign's utm_* travel with the lead)", () => {
    const env = { pathname: "/reformas-integrales", search: "?utm_source=google&gclid=abc", routeId: "routes/$" };
    expect(formActionUrl(env)).toBe("/reformas-integrales?utm_source=google&gclid=abc");
    expect(dataRequestUrl(env)).toBe("/reformas-integrales?utm_source=google&gclid=abc&_data=routes%2F%24");
  });

  it("name the index route with `index`, once, before the query", () => {
    expect(formActionUrl({ pathname: "/", search: "", routeId: "routes/_index" })).toBe("/?index");
    expect(formActionUrl({ pathname: "/", search: "?index&utm_medium=cpc", routeId: "routes/_index" })).toBe(
      "/?index&utm_medium=cpc",
    );
    expect(dataRequestUrl({ pathname: "/", search: "", routeId: "routes/_index" })).toBe(
      "/?index&_data=routes%2F_index",
    );
  });

  it("ask a page with no query for its route's answer", () => {
    expect(formActionUrl({ pathname: "/contacto", search: "", routeId: "routes/contacto" })).toBe("/contacto");
    expect(dataRequestUrl({ pathname: "/contacto", search: "", routeId: "routes/contacto" })).toBe(
      "/contacto?_data=routes%2Fcontacto",
    );
  });
});
