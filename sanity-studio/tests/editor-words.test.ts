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

/**
 * Common English words that are not Spanish words (no «a», «no», «me», «son»…): one of them in a title
 * or a description means the editor reads English. Brand and technical names (SEO, CTA, Google, URL,
 * WhatsApp) are neither and pass.
 */
const ENGLISH_WORDS = new Set(
  (
    "the and of to with for from your you this that these those is are was be been has have will would " +
    "can could should not or if then when where which who what how all any each every more most other " +
    "some such only own same than too very just about into over after before between under again " +
    "name title image images description page pages link links button buttons settings setting text " +
    "tooth cap graduation rocket heart star check chart building truck house shield phone mail " +
    "item items list section sections block blocks header footer step steps feature features " +
    "plans price prices question questions answer answers group groups sectors field " +
    "value values label key keys order status running paused ended winner variant variants weight " +
    "redirect source destination enabled permanent new old show hide open close yes none empty " +
    "choose select add remove edit delete publish draft save cancel start end date time"
  ).split(/\s+/),
);

/**
 * The English words of a text (lowercased), empty when it reads as Spanish. A quotation («…») is what
 * the site shows, not the editor's language, and is left out.
 */
function englishWords(text: string): string[] {
  const own = text.replace(/«[^»]*»/g, " ");
  return (own.toLowerCase().match(/[a-záéíóúüñ]+/g) ?? []).filter((word) => ENGLISH_WORDS.has(word));
}

/** Titles Sanity itself gives its built-in types (the Studio's own words, not this schema's). */
const SANITY_DEFAULT_TITLE = /^(Block|Image|Text|List|List type|Span|Source field|Reference to .*)$/;

/** Every title and description the compiled schema shows an editor: types, fields and option choices. */
function editorTexts(): { where: string; text: string }[] {
  const schema = studioSchema();
  const texts: { where: string; text: string }[] = [];
  const seen = new Set<SchemaType>();
  const visit = (type: SchemaType | undefined, path: string) => {
    if (!type || seen.has(type)) return;
    seen.add(type);
    for (const key of ["title", "description"] as const) {
      const text = (type as unknown as Record<string, unknown>)[key];
      if (typeof text === "string") texts.push({ where: `${path} (${key})`, text });
    }
    for (const option of (type.options as { list?: readonly unknown[] } | undefined)?.list ?? []) {
      const title = (option as Option)?.title;
      if (typeof title === "string") texts.push({ where: `${path} option`, text: title });
    }
    for (const field of (type as { fields?: { name: string; type: SchemaType }[] }).fields ?? []) {
      for (const key of ["title", "description"] as const) {
        const text = (field.type as unknown as Record<string, unknown>)[key];
        if (typeof text === "string") texts.push({ where: `${path}.${field.name} (${key})`, text });
      }
      visit(field.type, `${path}.${field.name}`);
    }
    for (const member of (type as { of?: SchemaType[] }).of ?? []) visit(member, `${path}[${member.name}]`);
  };
  for (const name of schema.getTypeNames()) {
    if (name.startsWith("sanity.") || name.startsWith("media.") || name.startsWith("assist.")) continue;
    visit(schema.get(name), name);
  }
  return texts;
}

describe("the words an editor reads", () => {
  it("are Spanish: no English word in any title, description or choice of the schema", () => {
    const texts = editorTexts();
    expect(texts.length).toBeGreaterThan(200);
    const english = texts
      .filter(({ text }) => !SANITY_DEFAULT_TITLE.test(text))
      .map(({ where, text }) => ({ where, words: englishWords(text) }))
      .filter(({ words }) => words.length > 0)
      .map(({ where, words }) => `${where}: ${words.join(", ")}`);
    expect(english).toEqual([]);
  });

  it("tell an English title from a Spanish one", () => {
    expect(englishWords("Graduation cap")).toEqual(["graduation", "cap"]);
    expect(englishWords("Tooth")).toEqual(["tooth"]);
    expect(englishWords("Birrete de graduación")).toEqual([]);
    expect(englishWords("Título SEO para Google")).toEqual([]);
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
