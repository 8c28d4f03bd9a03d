// The campaign blocks' registry (app/blocks/registry.ts) against everything a block needs elsewhere: a
// Studio schema, its fragment in the page query, a component, a content check, and an example in the
// seed dataset that the page shows. A block added by half (docs/architecture.md, 'Add a block') fails here.
import fs from "node:fs";
import path from "node:path";

import { blockIslandName } from "~/blocks/definition";
import { BLOCK_PROJECTION } from "~/blocks/projection.generated";
import { BLOCKS } from "~/blocks/registry";
import { usableBlocks } from "~/blocks/usable-blocks.server";
import { getCampaignPage } from "~/content/index.server";
import { campaignPageQuery } from "~/content/queries";

import { readDocuments, useDatasetCopy } from "../support/dataset";

const definitions = Object.entries(BLOCKS);

describe("campaign blocks registry", () => {
  it.each(definitions)("%s: has a Studio schema, listed in the Studio's blocks", (type, definition) => {
    expect(definition.type).toBe(type);
    // The types TypeGen generates from the Studio's schema (kept current by check-typegen.mjs).
    const generated = fs.readFileSync(path.resolve("app/content/sanity.types.ts"), "utf8");
    expect(generated).toContain(`_type: "${type}";`);
    const studioList = fs.readFileSync(path.resolve("sanity-studio/schemaTypes/blocks/index.ts"), "utf8");
    expect(studioList).toContain(`{ type: ${type}, group: `);
  });

  it.each(definitions)("%s: its fragment is in the page query, once", (type, definition) => {
    expect(definition.fragment.startsWith(`_type == "${type}" =>`)).toBe(true);
    expect(BLOCK_PROJECTION.split(definition.fragment).length - 1).toBe(1);
    expect(campaignPageQuery).toContain(BLOCK_PROJECTION);
  });

  it("the page query projects no block the registry does not list", () => {
    const projected = [...BLOCK_PROJECTION.matchAll(/(?:^|, )_type == "(\w+)" =>/g)].map((match) => match[1]);
    expect(projected.sort()).toEqual(Object.keys(BLOCKS).sort());
  });

  it("the generated projection is the registry's fragments, in its order (`npm run typegen` in sanity-studio/ rewrites it)", () => {
    expect(BLOCK_PROJECTION).toBe(
      Object.values(BLOCKS)
        .map((definition) => definition.fragment)
        .join(", "),
    );
  });

  it.each(definitions)("%s: has a component and a content check", async (_type, definition) => {
    expect(typeof (await definition.component())).toBe("function");
    const check = await definition.check();
    expect(check).toMatchObject({ kind: "schema" });
    expect(["server-html", "on-interaction"]).toContain(definition.hydration);
  });

  it.each(definitions.filter(([, definition]) => definition.hydration === "on-interaction"))(
    "%s: a form block has its page island's entry, which renders the block's own component",
    async (type, definition) => {
      // Without it the server's form would still post, but never come alive (no entry for the loader to import).
      const entry = path.resolve(`app/islands/${blockIslandName(type)}.tsx`);
      expect(fs.existsSync(entry), entry).toBe(true);
      const component = await definition.component();
      expect(fs.readFileSync(entry, "utf8")).toContain(`islandEntry(${(component as { name: string }).name})`);
    },
  );

  it("every block has an example in the seed dataset that a campaign page shows", async () => {
    const dataset = useDatasetCopy();
    const slugs = readDocuments(dataset)
      .filter((document) => document._type === "campaignPage" && !document._id.startsWith("drafts."))
      .map((document) => (document.slug as { current: string }).current);
    const shown = new Set<string>();
    for (const slug of slugs) {
      // Read as the site reads it (the local source resolves the images), then as the page shows it.
      const page = await getCampaignPage(`/${slug}`);
      if (page) for (const block of await usableBlocks(page.blocks, page._id)) shown.add(block._type);
    }
    expect([...shown].sort()).toEqual(Object.keys(BLOCKS).sort());
  });
});

describe("a block is its own", () => {
  // Hand-written code outside tests: the site, its server and scripts, the Studio. Generated files
  // (TypeGen's types, the query's projection), the seed dataset and the docs do not count.
  const ROOTS = ["app", "server", "scripts", "server.ts", "sanity-studio"];
  const SKIPPED = new Set(["node_modules", "seed", "tests", "dist", "static", ".sanity"]);
  const GENERATED = new Set(["app/content/sanity.types.ts", "app/blocks/projection.generated.ts"]);
  const CODE = /\.(?:[cm]?[jt]sx?)$/;

  function codeFiles(entry: string): string[] {
    if (!fs.existsSync(entry)) return [];
    if (!fs.statSync(entry).isDirectory()) return CODE.test(entry) && !GENERATED.has(entry) ? [entry] : [];
    return fs.readdirSync(entry).flatMap((name) => (SKIPPED.has(name) ? [] : codeFiles(path.posix.join(entry, name))));
  }

  const files = ROOTS.flatMap(codeFiles).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

  it.each(definitions)(
    "%s is named in its folder, the registry, its Studio schema and the Studio's list only",
    (type) => {
      const places = new Set(
        files
          .filter(({ text }) => new RegExp(`\\b${type}\\b`).test(text))
          // A block's folder counts once, whatever it holds.
          .map(({ file }) => file.replace(/^(app\/blocks\/[^/]+)\/.*$/, "$1/")),
      );
      const folders = [...places].filter((place) => place.endsWith("/"));
      expect(folders).toHaveLength(1);
      expect([...places].filter((place) => !place.endsWith("/")).sort()).toEqual(
        [
          "app/blocks/registry.ts",
          "sanity-studio/schemaTypes/blocks/index.ts",
          `sanity-studio/schemaTypes/blocks/${type}.ts`,
        ].sort(),
      );
    },
  );
});
