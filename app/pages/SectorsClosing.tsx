/**
 * /sectores' closing call to the contact page: static, so the browser keeps the server's HTML and never
 * downloads this module, except to render the page itself after a client-side navigation or in preview
 * (app/routes/sectores._index.tsx, app/components/islands/static-html.tsx).
 */
import type { SerializeFrom } from "@remix-run/node";

import { FinalCta } from "~/components/sections/FinalCta";
import { optionalCta } from "~/components/ui/CtaLink";
import type { getSectorsDirectory } from "~/content/index.server";

/** What the sectors directory shows: its content (the route's loader sends it). */
export interface SectorsDirectoryData {
  /** The directory's texts; its sectors are listed by the route. */
  page: Omit<Awaited<ReturnType<typeof getSectorsDirectory>>, "sectors">;
}

export function SectorsClosing({ page }: SerializeFrom<SectorsDirectoryData>) {
  return (
    <FinalCta id="contactar" heading={page.finalCta?.heading} text={page.finalCta?.text}>
      {optionalCta(page.finalCta?.ctaLabel, "/contacto", { variant: "onDark", icon: "arrow-right", size: "hero" })}
    </FinalCta>
  );
}
