/**
 * The Studio's left-hand menu: the singleton pages open their one document directly (fixed id =
 * type name), then the editable lists.
 */
import type { StructureResolver } from "sanity/structure";
import { collectionTypes, singletonTypes } from "./schemaTypes";

const LIST_TITLES: Record<string, string> = {
  campaignPage: "Páginas de campaña",
  experiment: "Experimentos A/B",
  sectorPage: "Páginas de sector",
  calculatorSector: "Calculadora: opciones sin página",
  redirect: "Redirecciones",
  faqItem: "Preguntas frecuentes",
  plan: "Planes",
};

export const structure: StructureResolver = (S) =>
  S.list()
    .title("Contenido")
    .items([
      ...singletonTypes.map((type) =>
        S.listItem()
          .title(type.title ?? type.name)
          .id(type.name)
          .icon(type.icon)
          .child(
            S.document()
              .schemaType(type.name)
              .documentId(type.name)
              .title(type.title ?? type.name),
          ),
      ),
      S.divider(),
      ...collectionTypes.map((type) =>
        S.documentTypeListItem(type.name)
          .title(LIST_TITLES[type.name] ?? type.title ?? type.name)
          .child(
            S.documentTypeList(type.name)
              .title(LIST_TITLES[type.name] ?? type.title ?? type.name)
              .defaultOrdering(
                type.name === "faqItem"
                  ? [{ field: "question", direction: "asc" }]
                  : type.name === "campaignPage"
                    ? [{ field: "title", direction: "asc" }]
                    : [{ field: "order", direction: "asc" }],
              ),
          ),
      ),
    ]);
