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

/**
 * What a failed read means. The browser hides why a credentialed cross-origin fetch failed, so the view
 * asks the same address once more without reading it (`no-cors`): when that one is answered, the web is up
 * and refused this Studio's origin, which is SANITY_STUDIO_URL on the site's side not naming this Studio.
 */
export function failedReadState(siteAnswered: boolean, studioOrigin: string, site: string): ResultsState {
  if (!siteAnswered) {
    return {
      kind: "message",
      text: `No se pudo conectar con la web (${site}). Comprueba que la web está en marcha y pulsa «Actualizar cifras».`,
      tone: "critical",
    };
  }
  return {
    kind: "message",
    text: `La web (${site}) responde, pero no deja a este Studio leer las cifras: su variable SANITY_STUDIO_URL debe ser la dirección de este Studio, ${studioOrigin}. Pide que la cambien en la web y pulsa «Actualizar cifras».`,
    tone: "critical",
  };
}

/** The figures of an experiment as the view loads them, with the fetch it uses (a fake one in the tests). */
export async function loadResults(
  key: string | undefined,
  { site, studioOrigin, fetch: get = fetch }: { site: string; studioOrigin: string; fetch?: typeof fetch },
): Promise<ResultsState> {
  if (!key) return resultsState(null, null);
  const url = `${site}/api/experiments/${encodeURIComponent(key)}/report`;
  let response: Response;
  try {
    response = await get(url, { credentials: "include", cache: "no-store" });
  } catch {
    const siteAnswered = await get(url, { mode: "no-cors", credentials: "omit", cache: "no-store" }).then(
      () => true,
      () => false,
    );
    return failedReadState(siteAnswered, studioOrigin, site);
  }
  return resultsState(response.status, await response.json().catch(() => null));
}
