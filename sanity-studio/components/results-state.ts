/** What the «Resultados» view shows for the site's answer (status and JSON body). Pure, for the tests. */
export type ResultsState =
  | { kind: "loading" }
  | { kind: "message"; text: string; tone: "caution" | "critical" }
  | {
      kind: "report";
      heading: string;
      warning: string | null;
      decision: string;
      variants: { key: string; label: string; figures: string }[];
    };

const OPEN_PREVIEW =
  "Para ver las cifras aquí, abre una vez «Vista previa» (arriba): inicia tu sesión de vista previa del sitio, que dura 8 horas. Después pulsa «Actualizar cifras».";

export function resultsState(status: number | null, body: unknown): ResultsState {
  if (status === null)
    return { kind: "message", text: "Escribe la clave del experimento y publícalo.", tone: "caution" };
  const answer = (body ?? {}) as Record<string, unknown>;
  if (status === 200 && typeof answer.heading === "string" && typeof answer.decision === "string") {
    const variants = Array.isArray(answer.variants) ? answer.variants : [];
    return {
      kind: "report",
      heading: answer.heading,
      warning: typeof answer.warning === "string" ? answer.warning : null,
      decision: answer.decision,
      variants: variants
        .filter((variant): variant is { key: string; label: string; figures: string } =>
          ["key", "label", "figures"].every(
            (field) => typeof (variant as Record<string, unknown>)?.[field] === "string",
          ),
        )
        .map(({ key, label, figures }) => ({ key, label, figures })),
    };
  }
  if (status === 401) return { kind: "message", text: OPEN_PREVIEW, tone: "caution" };
  if (status === 404 && typeof answer.error === "string")
    return { kind: "message", text: answer.error, tone: "caution" };
  return {
    kind: "message",
    text: "No se pudieron cargar las cifras desde la web. Comprueba que la web está en marcha y pulsa «Actualizar cifras».",
    tone: "critical",
  };
}
