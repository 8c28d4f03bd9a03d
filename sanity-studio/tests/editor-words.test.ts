// What an editor reads is Spanish: every option list of the schema shows a title, never the raw value the
// site stores ('tooth', 'startService'); previews show those titles too; the GROQ console is not in an
// editor's top bar.
import type { SchemaType } from "sanity";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "../../app/components/ui/icon-names";
import { planButton } from "../schemaTypes/objects";
import { studioSchema } from "./support/dataset";

interface Option {
  title?: string;
  value?: unknown;
}

/** Every option list reachable in the compiled schema, with the path of the field that shows it. */
function optionLists(): { path: string; list: readonly unknown[] }[] {
  const schema = studioSchema();
  const found: { path: string; list: readonly unknown[] }[] = [];
  const seen = new Set<SchemaType>();
  const visit = (type: SchemaType | undefined, path: string) => {
    if (!type || seen.has(type)) return;
    seen.add(type);
    const list = (type.options as { list?: readonly unknown[] } | undefined)?.list;
    if (list) found.push({ path, list });
    for (const field of (type as { fields?: { name: string; type: SchemaType }[] }).fields ?? []) {
      visit(field.type, `${path}.${field.name}`);
    }
    for (const member of (type as { of?: SchemaType[] }).of ?? []) visit(member, `${path}[${member.name}]`);
  };
  for (const name of schema.getTypeNames()) visit(schema.get(name), name);
  return found;
}

describe("option lists", () => {
  const lists = optionLists();

  it("are found where the editor picks icons, plan buttons, statuses and plan keys", () => {
    const paths = lists.map(({ path }) => path);
    for (const expected of [
      "sectorPage.hero.icon",
      "feature.icon",
      "planButton.action",
      "experiment.status",
      "plan.key",
    ])
      expect(paths).toContain(expected);
  });

  it("give every choice a title of its own, never the raw value the site stores", () => {
    const raw = lists.flatMap(({ path, list }) =>
      list
        .filter((option) => {
          if (typeof option !== "object" || option === null) return true;
          const { title, value } = option as Option;
          return !title?.trim() || title === value;
        })
        .map((option) => `${path}: ${JSON.stringify(option)}`),
    );
    expect(raw).toEqual([]);
  });

  it("name the icons in Spanish: «Diente», «Birrete de graduación»", () => {
    const titleOf = (path: string, value: string) =>
      (lists.find((list) => list.path === path)?.list as Option[]).find((option) => option.value === value)?.title;
    expect(titleOf("sectorPage.hero.icon", "tooth")).toBe("Diente");
    expect(titleOf("sectorPage.hero.icon", "graduation")).toBe("Birrete de graduación");
    expect(titleOf("feature.icon", "rocket")).toBe("Cohete");
    for (const name of ICON_NAMES) expect(titleOf("feature.icon", name), name).not.toBe(name);
  });
});

describe("previews", () => {
  it("show a plan button's action by its title", () => {
    const prepare = (planButton.preview as { prepare: (value: Record<string, unknown>) => { subtitle?: string } })
      .prepare;
    expect(prepare({ title: "Solicitar Análisis", action: "cplDialog" }).subtitle).toBe(
      "Abrir el formulario de análisis CPL",
    );
    expect(prepare({ title: "Empezar", action: "startService" }).subtitle).not.toMatch(/startService/);
  });
});

describe("the top bar", () => {
  it("has no GROQ console (Vision) for editors", async () => {
    const config = (await import("../sanity.config")).default as { plugins?: { name?: string }[] };
    const names = (config.plugins ?? []).map((plugin) => plugin.name);
    expect(names).toContain("sanity/structure");
    expect(names.filter((name) => /vision/i.test(name ?? ""))).toEqual([]);
  });
});
