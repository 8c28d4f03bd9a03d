/**
 * The page's Speculation Rules (docs/decisions/0023-a-frame-without-a-framework.md): navigation is the
 * browser's, so a link the visitor is about to follow (pointer resting on it, a press starting: eagerness
 * `moderate`) is prefetched from the same origin and the next page shows at once. Left out: `/api/*`, and
 * every path where an A/B experiment runs (docs/product-rules.md, 'A/B experiments': a prefetched control
 * must not stand in for an assignment; such a prefetch is refused anyway, app/experiments/serve.server.ts).
 * Pure.
 */

/** A path as a URLPattern pathname that matches it literally. */
function literal(path: string): string {
  return path.replace(/[\\:*?+(){}]/g, (character) => `\\${character}`);
}

/** The rules as JSON text, for `<script type="speculationrules">`. */
export function speculationRules(excludedPaths: readonly string[]): string {
  const excluded = [...new Set(excludedPaths)]
    .filter((path) => path.startsWith("/"))
    .sort()
    .flatMap((path) => [{ not: { href_matches: literal(path) } }, { not: { href_matches: `${literal(path)}?*` } }]);
  const rules = {
    prefetch: [
      {
        source: "document",
        where: { and: [{ href_matches: "/*" }, { not: { href_matches: "/api/*" } }, ...excluded] },
        eagerness: "moderate",
      },
    ],
  };
  // Inside a <script>: no "</" may end it early.
  return JSON.stringify(rules).replace(/</g, "\\u003c");
}
