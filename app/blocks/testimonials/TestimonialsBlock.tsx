/** What clients say: each quote as a card with who said it. */
import { HeadedSection } from "~/components/ui/Section";
import { typesetText } from "~/components/ui/typeset";

import type { BlockOf } from "../types";

export function TestimonialsBlock({ block, id }: { block: BlockOf<"testimonialsBlock">; id: string }) {
  const items = (block.items ?? []).filter((item) => item?.quote && item.name);
  return (
    <HeadedSection id={id} heading={block.heading} tone="white">
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item._key ?? index}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-brand-600" fill="currentColor">
                <path d="M9.5 6C6.5 7.2 5 9.6 5 13v5h5v-5H7.5c0-1.9.9-3.3 2.7-4.2L9.5 6Zm9 0c-3 1.2-4.5 3.6-4.5 7v5h5v-5h-2.5c0-1.9.9-3.3 2.7-4.2L18.5 6Z" />
              </svg>
              <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
                {typesetText(item.quote)}
              </blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="block font-semibold text-ink">{item.name}</span>
                {item.role || item.company ? (
                  <span className="text-ink-soft">{[item.role, item.company].filter(Boolean).join(" · ")}</span>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
