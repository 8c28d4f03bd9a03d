/** A grid of feature cards (icon, title, description): the plans page's "what every plan includes". */
import { Card, IconTile } from "~/components/ui/Card";
import { Icon } from "~/components/ui/Icon";
import { HeadedSection } from "~/components/ui/Section";

import { type FeatureContent, itemKey, type ListSectionProps } from "./content-shapes";
import { featureIcon } from "./feature-icons";

export function FeatureGrid({ items, tone = "muted", ...band }: ListSectionProps<FeatureContent>) {
  return (
    <HeadedSection tone={tone} {...band}>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {(items ?? []).map((item, index) => (
          <Card as="li" key={itemKey(item, index)} className="flex gap-4 transition-shadow hover:shadow-md sm:block">
            <IconTile>
              <Icon name={featureIcon(item.icon, index)} className="h-5 w-5" />
            </IconTile>
            <div>
              <h3 className="pt-2.5 text-lg font-semibold text-ink sm:mt-5 sm:pt-0">{item.title}</h3>
              {item.description ? <p className="mt-2 leading-relaxed text-ink-soft">{item.description}</p> : null}
            </div>
          </Card>
        ))}
      </ul>
    </HeadedSection>
  );
}
