/**
 * The Studio's left-hand menu: the singleton pages open their one document directly (fixed id = type
 * name), then «Sectores» (everything about sectors together: the directory page, the sector pages by
 * group, featured or with unpublished changes, the groups and the calculator-only choices), then the
 * other lists, each in the order an editor looks for things.
 */
import { TagsIcon } from "@sanity/icons";
import type {
  DefaultDocumentNodeResolver,
  DocumentListBuilder,
  ListItemBuilder,
  StructureBuilder,
  StructureResolver,
} from "sanity/structure";
import { ResultsView } from "./components/ResultsView";
import { collectionTypes, singletonTypes } from "./schemaTypes";

type Ordering = { field: string; direction: "asc" | "desc" }[];

/** The types «Sectores» gathers; the directory is the singleton `sectorsDirectory`. */
export const SECTOR_SECTION_TYPES: ReadonlySet<string> = new Set([
  "sectorsDirectory",
  "sectorPage",
  "sectorGroup",
  "calculatorSector",
]);

/** How each list is titled and sorted. A type without an entry keeps its schema title and the Studio's sort. */
export const LISTS: Record<string, { title: string; ordering?: Ordering }> = {
  campaignPage: { title: "Páginas de campaña", ordering: [{ field: "title", direction: "asc" }] },
  // 'running' > 'paused' > 'ended': tests in progress first, then paused, then finished ones.
  experiment: {
    title: "Experimentos A/B",
    ordering: [
      { field: "status", direction: "desc" },
      { field: "name", direction: "asc" },
    ],
  },
  sectorPage: {
    title: "Páginas de sector",
    ordering: [
      { field: "order", direction: "asc" },
      { field: "sectorName", direction: "asc" },
    ],
  },
  sectorGroup: { title: "Grupos de sectores", ordering: [{ field: "title", direction: "asc" }] },
  calculatorSector: {
    title: "Calculadora: opciones sin página",
    ordering: [
      { field: "order", direction: "asc" },
      { field: "name", direction: "asc" },
    ],
  },
  redirect: { title: "Redirecciones", ordering: [{ field: "source", direction: "asc" }] },
  faqItem: { title: "Preguntas frecuentes", ordering: [{ field: "question", direction: "asc" }] },
  plan: { title: "Planes", ordering: [{ field: "order", direction: "asc" }] },
};

/**
 * The filters of «Sectores»' own lists (GROQ, after `_type == "sectorPage" &&`). The Studio lists in the
 * drafts perspective, where a document with a draft shows the published `_id` and the draft's id in
 * `_originalId` (tests/structure.test.ts runs them on such a dataset).
 */
export const SECTOR_FILTERS = {
  byGroup: "group._ref == $groupId",
  withoutGroup: "!defined(group)",
  featured: "featured == true",
  unpublishedChanges: `_originalId in path("drafts.**")`,
} as const;

function typeList(S: StructureBuilder, name: string): ListItemBuilder {
  const type = collectionTypes.find((candidate) => candidate.name === name);
  const title = LISTS[name]?.title ?? type?.title ?? name;
  let list: DocumentListBuilder = S.documentTypeList(name).title(title);
  const ordering = LISTS[name]?.ordering;
  if (ordering) list = list.defaultOrdering(ordering);
  return S.documentTypeListItem(name).title(title).child(list);
}

/** The whole filter of one of «Sectores»' lists. */
export const sectorListQuery = (filter: string) => `_type == "sectorPage" && (${filter})`;

function sectorPages(S: StructureBuilder, id: string, title: string, filter: string, params = {}) {
  return S.documentList()
    .id(id)
    .title(title)
    .schemaType("sectorPage")
    .filter(sectorListQuery(filter))
    .params(params)
    .apiVersion("2025-02-19")
    .defaultOrdering(LISTS.sectorPage!.ordering!);
}

function singletonItem(S: StructureBuilder, type: (typeof singletonTypes)[number]) {
  return S.listItem()
    .title(type.title ?? type.name)
    .id(type.name)
    .icon(type.icon)
    .child(
      S.document()
        .schemaType(type.name)
        .documentId(type.name)
        .title(type.title ?? type.name),
    );
}

function sectorsSection(S: StructureBuilder): ListItemBuilder {
  const directory = singletonTypes.find((type) => type.name === "sectorsDirectory")!;
  return S.listItem()
    .id("sectores")
    .title("Sectores")
    .icon(TagsIcon)
    .child(
      S.list()
        .id("sectores")
        .title("Sectores")
        .items([
          singletonItem(S, directory),
          typeList(S, "sectorPage"),
          S.listItem()
            .id("sectores-por-grupo")
            .title("Páginas de sector por grupo")
            .child(
              S.documentTypeList("sectorGroup")
                .title("Elige un grupo")
                .defaultOrdering(LISTS.sectorGroup!.ordering!)
                .child((groupId) =>
                  sectorPages(S, `grupo-${groupId}`, "Sectores del grupo", SECTOR_FILTERS.byGroup, { groupId }),
                ),
            ),
          S.listItem()
            .id("sectores-sin-grupo")
            .title("Páginas de sector sin grupo")
            .child(sectorPages(S, "sectores-sin-grupo", "Sin grupo", SECTOR_FILTERS.withoutGroup)),
          S.listItem()
            .id("sectores-destacados")
            .title("Sectores destacados")
            .child(sectorPages(S, "sectores-destacados", "Destacados", SECTOR_FILTERS.featured)),
          S.listItem()
            .id("sectores-borradores")
            .title("Con cambios sin publicar")
            .child(
              sectorPages(S, "sectores-borradores", "Con cambios sin publicar", SECTOR_FILTERS.unpublishedChanges),
            ),
          S.divider(),
          typeList(S, "sectorGroup"),
          typeList(S, "calculatorSector"),
        ]),
    );
}

export const structure: StructureResolver = (S) =>
  S.list()
    .title("Contenido")
    .items([
      ...singletonTypes.filter((type) => !SECTOR_SECTION_TYPES.has(type.name)).map((type) => singletonItem(S, type)),
      S.divider(),
      sectorsSection(S),
      S.divider(),
      ...collectionTypes.filter((type) => !SECTOR_SECTION_TYPES.has(type.name)).map((type) => typeList(S, type.name)),
    ]);

/** An experiment's document has a «Resultados» tab next to its form (components/ResultsView.tsx). */
export const defaultDocumentNode: DefaultDocumentNodeResolver = (S, { schemaType }) =>
  schemaType === "experiment"
    ? S.document().views([S.view.form().title("Experimento"), S.view.component(ResultsView).title("Resultados")])
    : S.document();
