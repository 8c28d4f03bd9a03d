/**
 * /mensual between the plans and the FAQ: what every plan includes and how we work. Static, so the
 * browser keeps the server's HTML and never downloads this module, except to render the page itself after
 * a client-side navigation or in preview (app/routes/mensual.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { FeatureGrid } from "~/components/sections/FeatureGrid";
import { StepsSection } from "~/components/sections/StepsSection";
import type { getPlansPage } from "~/content/index.server";

/** What the plans page shows: its content (the route's loader sends it). */
export interface PlansPageData {
  page: Awaited<ReturnType<typeof getPlansPage>>;
}

export function PlansDetails({ page }: SerializeFrom<PlansPageData>) {
  const { featureGrid, process } = page;
  return (
    <>
      <FeatureGrid id="incluido" heading={featureGrid?.heading} intro={featureGrid?.intro} items={featureGrid?.items} />
      <StepsSection id="como-trabajamos" heading={process?.heading} steps={process?.steps} />
    </>
  );
}
