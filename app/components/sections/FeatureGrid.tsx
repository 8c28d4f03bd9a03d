/** A grid of feature cards (icon, title, description): the plans page's "what every plan includes". */
import { Card, IconTile } from "~/components/ui/Card";
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { itemKey, type FeatureContent, type List, type Maybe } from "./content-shapes";
import { featureIcon } from "./feature-icons";

export function FeatureGrid({
  id,
  heading,
  intro,
  items,
  tone = "muted",
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  items: List<FeatureContent>;
  tone?: "white" | "muted";
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
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
    </Section>
  );
}
