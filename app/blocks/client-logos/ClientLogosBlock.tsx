/** A row of client logos under a short heading, each named by its alt text. */
import { ContentImage } from "~/components/ui/ContentImage";
import { Section } from "~/components/ui/Section";

import type { BlockOf } from "../types";

// The height / draws its logos at: logos exported for that size stay sharp on phones' denser screens.
const LOGO_HEIGHT = 24;

export function ClientLogosBlock({ block, id }: { block: BlockOf<"clientLogosBlock">; id: string }) {
  const logos = (block.logos ?? []).filter((logo) => logo?.asset?.url);
  return (
    <Section id={id} labelledBy={block.heading ? `${id}-title` : undefined}>
      {block.heading ? (
        <h2 id={`${id}-title`} className="text-center text-lg font-semibold text-ink-soft">
          {block.heading}
        </h2>
      ) : null}
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
        {logos.map((logo, index) => {
          const size = logo.asset?.metadata?.dimensions;
          const width = size?.height ? Math.round((size.width / size.height) * LOGO_HEIGHT) : 160;
          return (
            <li key={logo._key ?? index}>
              <ContentImage
                image={logo}
                width={width}
                placeholder={false}
                className="h-6 w-auto opacity-80 grayscale"
              />
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
