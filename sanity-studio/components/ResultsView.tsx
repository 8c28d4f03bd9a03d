/**
 * The experiment document's «Resultados» tab: the figures and decision the site computes for it (the
 * same words as `npm run experiments -- report`), asked of the site's GET /api/experiments/:key/report.
 * The site answers only a browser with a preview session, which Sanity's handshake opens when the editor
 * opens «Vista previa»: the Studio's bundle holds no secret, and a visitor never sees the figures.
 */
import { Box, Button, Card, Stack, Text } from "@sanity/ui";
import { useCallback, useEffect, useState } from "react";
import { siteOrigin } from "../env";
import { loadResults, type ResultsState } from "./results-state";

interface ViewProps {
  document: { displayed: { key?: string; status?: string } | null };
}

export function ResultsView({ document }: ViewProps) {
  const key = document.displayed?.key;
  const [state, setState] = useState<ResultsState>({ kind: "loading" });
  const load = useCallback(async () => {
    setState({ kind: "loading" });
    setState(await loadResults(key, { site: siteOrigin, studioOrigin: window.location.origin }));
  }, [key]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box padding={4}>
      <Stack space={4}>
        {state.kind === "loading" ? <Text muted>Cargando las cifras…</Text> : null}
        {state.kind === "message" ? (
          <Card padding={3} radius={2} tone={state.tone} border>
            <Text size={1}>{state.text}</Text>
          </Card>
        ) : null}
        {state.kind === "report" ? (
          <Stack space={4}>
            <Text weight="semibold">{state.heading}</Text>
            {state.warning ? (
              <Card padding={3} radius={2} tone="critical" border>
                <Text size={1}>{state.warning}</Text>
              </Card>
            ) : null}
            <Card padding={3} radius={2} tone="primary" border>
              <Text size={1}>{state.decision}</Text>
            </Card>
            {state.variants.map((variant) => (
              <Stack key={variant.key} space={2}>
                <Text size={1} weight="semibold">
                  {variant.label} («{variant.key}»)
                </Text>
                <Text size={1}>{variant.figures}</Text>
              </Stack>
            ))}
          </Stack>
        ) : null}
        <Box>
          <Button mode="ghost" text="Actualizar cifras" onClick={() => void load()} />
        </Box>
      </Stack>
    </Box>
  );
}
