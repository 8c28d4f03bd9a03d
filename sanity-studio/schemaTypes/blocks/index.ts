/**
 * The blocks a campaign page is built from, and its `blocks` field: the Studio's insert menu (grouped,
 * with a drawing of each block from `sanity-studio/static/blocks/<type>.svg`) and the page-level rules
 * (one lead form and one calculator per page, the hero first). The site renders each block with the
 * component of the same name in app/blocks/ (docs/content-model.md, 'Campaign pages').
 */
import { defineArrayMember, defineField, type Path, type SchemaTypeDefinition } from "sanity";
import { benefitsBlock } from "./benefitsBlock";
import { calculatorBlock } from "./calculatorBlock";
import { clientLogosBlock } from "./clientLogosBlock";
import { ctaBlock } from "./ctaBlock";
import { faqBlock } from "./faqBlock";
import { heroBlock } from "./heroBlock";
import { leadFormBlock } from "./leadFormBlock";
import { richTextBlock } from "./richTextBlock";
import { sectorFiguresBlock } from "./sectorFiguresBlock";
import { stepsBlock } from "./stepsBlock";
import { testimonial, testimonialsBlock } from "./testimonialsBlock";

/** The insert menu's groups, in its order. */
const GROUP_TITLES = { intro: "Presentación", proof: "Cifras y confianza", conversion: "Conversión" };

/**
 * Every block type, one line each (docs/architecture.md, 'Add a block'): its schema (a file of its own
 * here) and its group in the insert menu. The insert menu lists them in this order.
 */
const BLOCKS: ReadonlyArray<{ type: SchemaTypeDefinition; group: keyof typeof GROUP_TITLES }> = [
  { type: heroBlock, group: "intro" },
  { type: richTextBlock, group: "intro" },
  { type: sectorFiguresBlock, group: "proof" },
  { type: calculatorBlock, group: "conversion" },
  { type: faqBlock, group: "conversion" },
  { type: leadFormBlock, group: "conversion" },
  { type: ctaBlock, group: "conversion" },
  { type: clientLogosBlock, group: "intro" },
  { type: stepsBlock, group: "proof" },
  { type: benefitsBlock, group: "proof" },
  { type: testimonialsBlock, group: "proof" },
];

export const blockTypes = BLOCKS.map((block) => block.type);

export const BLOCK_TYPE_NAMES: readonly string[] = blockTypes.map((type) => type.name);

/** Object types the blocks use inside them. */
export const blockObjectTypes = [testimonial];

const INSERT_GROUPS = Object.entries(GROUP_TITLES).map(([name, title]) => ({
  name,
  title,
  of: BLOCKS.filter((block) => block.group === name).map((block) => block.type.name),
}));

/** A page holds at most one of these: two would compete for the same visitor (and the same anchors). */
const ONE_PER_PAGE: Record<string, string> = {
  leadFormBlock: "Un formulario por página: quita el segundo (un solo objetivo convierte mejor).",
  calculatorBlock: "Una calculadora por página: quita la segunda.",
};

type BlockValue = { _type?: string; _key?: string };

/** The page-level problems of a list of blocks (Spanish, for the editor), or true. */
export function checkBlocks(
  blocks: readonly BlockValue[] | undefined,
): true | string | { message: string; path: Path } {
  for (const [type, message] of Object.entries(ONE_PER_PAGE)) {
    const extra = (blocks ?? []).filter((block) => block._type === type)[1];
    if (extra) return extra._key ? { message, path: [{ _key: extra._key }] } : message;
  }
  return true;
}

/** A warning when the page does not open with its hero (its <h1>). */
export function checkHeroFirst(blocks: readonly BlockValue[] | undefined): true | string {
  if (!blocks?.length) return true;
  return blocks[0]?._type === "heroBlock"
    ? true
    : "La página debería empezar por una «Cabecera (hero)»: su titular es el <h1> que leen Google y los visitantes.";
}

export const blocksField = () =>
  defineField({
    name: "blocks",
    title: "Bloques",
    description: "El contenido de la página, de arriba abajo. Arrástralos para reordenarlos; «+» añade uno.",
    type: "array",
    of: blockTypes.map((type) => defineArrayMember({ type: type.name })),
    options: {
      insertMenu: {
        filter: true,
        groups: INSERT_GROUPS,
        views: [
          { name: "grid", previewImageUrl: (schemaTypeName: string) => `/static/blocks/${schemaTypeName}.svg` },
          { name: "list" },
        ],
      },
    },
    validation: (rule) => [
      rule.required().min(1).error("Añade al menos un bloque."),
      rule.custom((blocks: BlockValue[] | undefined) => checkBlocks(blocks)),
      rule.custom((blocks: BlockValue[] | undefined) => checkHeroFirst(blocks)).warning(),
    ],
  });
