/**
 * The experiment's rules as pure functions (the schema, its inputs and the tests share them; nothing
 * here imports a component): variants, winner, and what a running test must not change.
 */
import type { ValidationContext } from "sanity";

export const EXPERIMENT_STATUSES = [
  { title: "En curso", value: "running" },
  { title: "En pausa", value: "paused" },
  { title: "Terminado", value: "ended" },
];

export interface VariantValue {
  _key?: string;
  key?: string;
  weight?: number;
  page?: { _ref?: string };
}

/** Why a list of variants cannot run (Spanish), or true. Pure, for the tests. */
export function checkVariants(variants: readonly VariantValue[] | undefined): true | string {
  const list = variants ?? [];
  if (list.length < 2) return "Un experimento necesita al menos dos variantes: el control (la primera) y una más.";
  const keys = list.map((variant) => variant.key).filter(Boolean);
  if (new Set(keys).size !== keys.length) return "Cada variante necesita una clave distinta.";
  const pages = list.map((variant) => variant.page?._ref).filter(Boolean);
  if (new Set(pages).size !== pages.length) return "Cada variante debe mostrar una página de campaña distinta.";
  return true;
}

/** Why a winner cannot be saved (Spanish), or true: one of the variants, and only once ended. */
export function checkWinner(
  winner: string | undefined,
  document: { status?: string; variants?: readonly VariantValue[] } | undefined,
): true | string {
  if (!winner) return true;
  if (!(document?.variants ?? []).some((variant) => variant.key === winner)) {
    return "La ganadora debe ser la clave de una de las variantes.";
  }
  if (document?.status !== "ended") {
    return "La ganadora se elige al terminar: pon el estado en «Terminado» o deja la ganadora vacía.";
  }
  return true;
}

/** The choices of «Ganadora»: none (everyone sees the control), then each variant with a key. */
export function winnerChoices(
  variants: readonly (VariantValue & { label?: string })[] | undefined,
): { title: string; value: string }[] {
  return [
    { title: "Ninguna: todos ven el control", value: "" },
    ...(variants ?? [])
      .filter((variant): variant is VariantValue & { key: string; label?: string } => Boolean(variant.key))
      .map((variant, index) => ({
        title: `${variant.label || variant.key} («${variant.key}»)${index === 0 ? " · control" : ""}`,
        value: variant.key,
      })),
  ];
}

/**
 * What a running test must not change (its key, its variants and their weights): the figures would mix
 * two tests. Read-only while this version says running; while the published one runs,
 * components/LockedWhileLiveInput.tsx keeps them read-only and checkLiveChange refuses the publish.
 */
export const lockedWhileRunning = ({ document }: { document?: Record<string, unknown> }) =>
  document?.status === "running";

/** What a running test's figures depend on: its key, and each variant's key, weight and page, in order. */
function liveShape(document: { key?: string; variants?: readonly VariantValue[] } | null | undefined): string {
  return JSON.stringify([
    document?.key ?? null,
    (document?.variants ?? []).map((variant) => [
      variant.key ?? null,
      variant.weight ?? null,
      variant.page?._ref ?? null,
    ]),
  ]);
}

/**
 * Why this version of an experiment cannot be published (Spanish), or true: while the published
 * experiment is running, its key, variants, weights and pages stay as they are, whatever status the
 * draft says. Pausing first means publishing the pause: the figures of two different tests never mix.
 */
export function checkLiveChange(
  document: { key?: string; variants?: readonly VariantValue[] } | null | undefined,
  published: { status?: string; key?: string; variants?: readonly VariantValue[] } | null | undefined,
): true | string {
  if (published?.status !== "running" || liveShape(document) === liveShape(published)) return true;
  return "Este experimento está en curso en la web: su clave, sus variantes, sus pesos y sus páginas solo pueden cambiar después de publicar una pausa. Pon «En pausa» con los valores de antes, publica, y haz después los cambios (o descártalos).";
}

/** The document-level rule behind checkLiveChange: reads the published experiment of this draft. */
export async function liveChangeValidation(document: unknown, context: ValidationContext): Promise<true | string> {
  const draft = document as { _id?: string; key?: string; variants?: VariantValue[] } | undefined;
  const id = draft?._id ?? "";
  const publishedId = id.replace(/^drafts\./, "").replace(/^versions\.[^.]+\./, "");
  if (!id || publishedId === id) return true;
  const published = await context
    .getClient({ apiVersion: "2025-02-19" })
    .withConfig({ perspective: "raw" })
    .fetch<{ status?: string; key?: string; variants?: VariantValue[] } | null>(
      `*[_id == $publishedId][0]{status, key, variants}`,
      { publishedId },
    );
  return checkLiveChange(draft, published);
}
