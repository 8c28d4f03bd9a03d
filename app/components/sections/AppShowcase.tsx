/** The mobile-app showcase of the landing: what the sales team sees when a lead arrives. */
import type { ReactNode } from "react";

import { IconTile } from "~/components/ui/Card";
import { type PhoneLook, PhoneScreenshot } from "~/components/ui/ContentImage";
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import type { ContentImageSource } from "~/lib/image-url";

import { type FeatureContent, itemKey, type ListSectionProps, type Maybe } from "./content-shapes";
import { featureIcon } from "./feature-icons";

export function AppShowcase({
  id,
  heading,
  intro,
  items,
  action,
  screenshot,
}: Omit<ListSectionProps<FeatureContent>, "tone"> & { screenshot?: Maybe<ContentImageSource>; action?: ReactNode }) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="order-2 lg:order-1">
          <PhoneScreenshot screenshot={screenshot} look={PHONE} width={268} sizes="(min-width: 640px) 268px, 236px" />
        </div>
        <div className="order-1 lg:order-2">
          <SectionHeading id={`${id}-title`} title={heading} intro={intro} align="left" />
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {(items ?? []).map((feature, index) => (
              <li key={itemKey(feature, index)} className="flex gap-4">
                <IconTile>
                  <Icon name={featureIcon(feature.icon, index)} className="h-5 w-5" />
                </IconTile>
                <div>
                  <h3 className="font-semibold text-ink">{feature.title}</h3>
                  {feature.description ? (
                    <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-soft">{feature.description}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {action ? <div className="mt-10">{action}</div> : null}
        </div>
      </div>
    </Section>
  );
}

/** The lead's card in the app: the editor's screenshot in a phone frame, lazy (below the fold). */
const PHONE: PhoneLook = {
  box: "relative mx-auto w-64 sm:w-72",
  // 22rem wide on phones: wider, it would overflow a 360 px screen (a gradient, unlike a blur, stays in its box).
  glow: "absolute -top-14 left-1/2 h-[30rem] w-[22rem] -translate-x-1/2 sm:-top-[4.5rem] sm:h-[32rem] sm:w-[32rem] bg-[radial-gradient(closest-side,rgb(188_218_255/0.75)_45%,rgb(188_218_255/0.35)_75%,transparent)]",
  frame: "relative rounded-[2.75rem] bg-ink p-2.5 shadow-2xl shadow-brand-900/30",
};
