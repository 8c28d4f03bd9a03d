/**
 * /sectores' closing call to the contact page: static, so the browser keeps the server's HTML and never
 * downloads this module, except to render the page itself after a client-side navigation or in preview
 * (app/routes/sectores._index.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { FinalCta } from "~/components/sections/FinalCta";
import { optionalCta } from "~/components/ui/CtaLink";
import type { loader } from "~/routes/sectores._index";

export function SectorsClosing({ page }: { page: SerializeFrom<typeof loader>["page"] }) {
  return (
    <FinalCta id="contactar" heading={page.finalCta?.heading} text={page.finalCta?.text}>
      {optionalCta(page.finalCta?.ctaLabel, "/contacto", { variant: "onDark", icon: "arrow-right", size: "hero" })}
    </FinalCta>
  );
}
