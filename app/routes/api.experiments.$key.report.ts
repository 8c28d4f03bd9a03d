/**
 * GET /api/experiments/:key/report: one experiment's figures and decision, in the words of `npm run
 * experiments -- report` (app/experiments/report-lines.ts) plus its `--json` wire shape, for the Studio's
 * «Resultados» view. Only to a browser with a preview session (the site's draft preview, which Sanity's
 * handshake opens from the Studio): a visitor never sees them and the Studio's bundle holds no secret.
 * The Studio (SANITY_STUDIO_URL) may read the answer with its credentials; it is never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { EXPERIMENT_KEY_PATTERN } from "~/experiments/model";
import { reportJson } from "~/experiments/report";
import { reportLines } from "~/experiments/report-lines";
import { experimentsReport } from "~/experiments/serve.server";
import { sanityStudioUrl } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { isPreviewRequest } from "~/visitor/preview.server";

/** CORS for the Studio's own origin only: it sends the preview cookie with `credentials: "include"`. */
function studioCors(request: Request): Record<string, string> {
  const origin = request.headers.get("Origin");
  let studio: string | null = null;
  try {
    studio = new URL(sanityStudioUrl()).origin;
  } catch {
    studio = null;
  }
  return origin && origin === studio
    ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true" }
    : {};
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": PRIVATE_NO_STORE, Vary: "Origin, Cookie", ...studioCors(request) };
  if (!(await isPreviewRequest(request))) {
    return Response.json(
      { error: "Abre la «Vista previa» del Studio para ver las cifras (la sesión dura 8 horas)." },
      { status: 401, headers },
    );
  }
  const key = params.key ?? "";
  const report = EXPERIMENT_KEY_PATTERN.test(key)
    ? (await experimentsReport()).find((candidate) => candidate.key === key)
    : undefined;
  if (!report) {
    return Response.json(
      { error: "No hay ningún experimento publicado con esta clave: publícalo para ver sus cifras." },
      { status: 404, headers },
    );
  }
  return Response.json({ ...reportLines(report), report: reportJson([report])[0] }, { headers });
}
