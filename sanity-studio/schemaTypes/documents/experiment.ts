/**
 * An A/B experiment of a campaign page: visitors who accept analytics cookies see one of the variants at
 * the control page's address (the first variant), drawn by weight and kept per browser; the site counts
 * visitors and leads per variant (docs/guia-editores.md, 'Lanzar un experimento A/B'). Usually created
 * from a campaign page with 'Probar una variante' (actions/variant-experiment.ts).
 */
import { ControlsIcon } from "@sanity/icons";
import { defineArrayMember, defineField, defineType, type ValidationContext } from "sanity";
import { EXPERIMENT_KEY_PATTERN } from "../../../app/experiments/model";
import { LockedWhileLiveInput } from "../../components/LockedWhileLiveInput";
import { WinnerInput } from "../../components/WinnerInput";
import { isUniqueAcrossType } from "../rules";
import {
  checkVariants,
  checkWinner,
  EXPERIMENT_STATUSES,
  liveChangeValidation,
  lockedWhileRunning,
  type VariantValue,
} from "./experiment-rules";

const KEY_MESSAGE =
  "Usa minúsculas sin acentos, números, guiones o guiones bajos (p. ej. «titular-reformas»), hasta 64.";

const LOCKED_NOTE = " Mientras está en curso no se puede cambiar: ponlo en pausa y publica la pausa primero.";

/** True when another running experiment already tests the same page (the control's address). */
async function isAnotherRunningAtPath(context: ValidationContext): Promise<boolean> {
  const document = context.document as { _id?: string; variants?: VariantValue[] } | undefined;
  const controlPage = document?.variants?.[0]?.page?._ref;
  if (!controlPage) return false;
  const publishedId = (document?._id ?? "").replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
  const client = context.getClient({ apiVersion: "2025-02-19" }).withConfig({ perspective: "raw" });
  return client.fetch<boolean>(
    `defined(*[_type == "experiment" && status == "running" && variants[0].page._ref == $page && !(_id in path("drafts.**")) && !sanity::versionOf($publishedId)][0]._id)`,
    { page: controlPage, publishedId },
  );
}

export const experiment = defineType({
  name: "experiment",
  title: "Experimento",
  type: "document",
  icon: ControlsIcon,
  description:
    "Una prueba A/B de una página de campaña: cada visitante que acepta las cookies de analítica ve una variante en la dirección del control.",
  fields: [
    defineField({
      name: "name",
      title: "Nombre",
      description: "Para reconocerlo en el Studio, p. ej. «Titular corto en reformas».",
      type: "string",
      validation: (rule) => rule.required().error("Ponle un nombre al experimento."),
    }),
    defineField({
      name: "key",
      title: "Clave",
      description:
        "Identifica el experimento en las cifras y en los leads (campo «experimento»). No la cambies una vez en marcha: las cifras empezarían de cero." +
        LOCKED_NOTE,
      type: "string",
      readOnly: lockedWhileRunning,
      components: { input: LockedWhileLiveInput },
      validation: (rule) =>
        rule.custom(async (value, context) => {
          if (!value) return "La clave es obligatoria.";
          if (!EXPERIMENT_KEY_PATTERN.test(value)) return KEY_MESSAGE;
          return (await isUniqueAcrossType(value, context, "experiment", "key"))
            ? true
            : "Ya hay otro experimento con esta clave.";
        }),
    }),
    defineField({
      name: "status",
      title: "Estado",
      description:
        "En curso: los visitantes que aceptan la analítica ven una variante y se cuentan. En pausa: todos ven el control y no se cuenta nada. Terminado: todos ven la ganadora (o el control si no eliges ninguna).",
      type: "string",
      options: { list: EXPERIMENT_STATUSES, layout: "radio" },
      initialValue: "paused",
      validation: (rule) =>
        rule.required().custom(async (value, context) => {
          // What the live test runs with stays until a pause is published, whatever this version says.
          const live = await liveChangeValidation(context.document, context);
          if (live !== true) return live;
          if (value !== "running") return true;
          return (await isAnotherRunningAtPath(context))
            ? "Ya hay otro experimento en curso en la página del control: páusalo o termínalo antes."
            : true;
        }),
    }),
    defineField({
      name: "winner",
      title: "Ganadora",
      description:
        "Al terminar: la variante que verán todos los visitantes en la dirección del control (ninguna: el control). Se elige con el estado en «Terminado».",
      type: "string",
      components: { input: WinnerInput },
      readOnly: ({ document, value }) => document?.status !== "ended" && !value,
      validation: (rule) =>
        rule.custom((value, context) =>
          checkWinner(value, context.document as { status?: string; variants?: VariantValue[] }),
        ),
    }),
    defineField({
      name: "appliedVariant",
      title: "Ganadora aplicada",
      description:
        "La variante que «Aplicar la ganadora» puso en la página original (como borrador para revisar y publicar). Lo escribe la acción.",
      type: "string",
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    defineField({
      name: "appliedAt",
      title: "Aplicada el",
      description: "Cuándo se aplicó la ganadora a la página original. Lo escribe la acción.",
      type: "datetime",
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    defineField({
      name: "variants",
      title: "Variantes",
      description:
        "La primera es el control: el experimento se hace en su dirección. El peso reparte a los visitantes nuevos (50 y 50: la mitad cada una)." +
        LOCKED_NOTE,
      type: "array",
      readOnly: lockedWhileRunning,
      components: { input: LockedWhileLiveInput },
      of: [
        defineArrayMember({
          name: "experimentVariant",
          title: "Variante",
          type: "object",
          fields: [
            defineField({
              name: "key",
              title: "Clave",
              description: "Corta y estable, p. ej. «a», «b» o «titular-corto» (campo «variante» de los leads).",
              type: "string",
              validation: (rule) =>
                rule.custom((value) => {
                  if (!value) return "La clave de la variante es obligatoria.";
                  return EXPERIMENT_KEY_PATTERN.test(value) ? true : KEY_MESSAGE;
                }),
            }),
            defineField({
              name: "label",
              title: "Nombre",
              description: "Cómo se llama en las cifras, p. ej. «Original» o «Titular corto».",
              type: "string",
              validation: (rule) => rule.required().error("Ponle un nombre a la variante."),
            }),
            defineField({
              name: "weight",
              title: "Peso",
              description: "Qué parte de los visitantes nuevos la ve, relativo a las demás (p. ej. 50).",
              type: "number",
              initialValue: 50,
              validation: (rule) => rule.required().positive().error("El peso debe ser un número mayor que cero."),
            }),
            defineField({
              name: "page",
              title: "Página",
              description: "La página de campaña que ve quien recibe esta variante.",
              type: "reference",
              to: [{ type: "campaignPage" }],
              validation: (rule) => rule.required().error("Elige la página de campaña de esta variante."),
            }),
          ],
          preview: {
            select: { key: "key", label: "label", weight: "weight", page: "page.title" },
            prepare({ key, label, weight, page }) {
              return {
                title: `${label ?? key ?? "Variante"} (${key ?? "?"})`,
                subtitle: `Peso ${weight ?? "?"} · ${page ?? "sin página"}`,
              };
            },
          },
        }),
      ],
      validation: (rule) => rule.custom((value) => checkVariants(value as VariantValue[] | undefined)),
    }),
  ],
  preview: {
    select: { name: "name", key: "key", status: "status", page: "variants.0.page.title" },
    prepare({ name, key, status, page }) {
      const label = EXPERIMENT_STATUSES.find((option) => option.value === status)?.title ?? "Sin estado";
      return { title: name ?? key ?? "Experimento", subtitle: `${label} · ${page ?? "sin página"}` };
    },
  },
});
