/**
 * The sector page hero: the sector badge (icon and name), the page's h1 and description, the two
 * spec buttons ('Calcular mis Leads' → calculator with the sector preselected, 'Quiero Más Clientes' →
 * contact), the optional third button from content, and the sector's monthly lead range.
 */
import { ContentImage } from "~/components/ui/ContentImage";
import { CtaLink } from "~/components/ui/CtaLink";
import { Icon } from "~/components/ui/Icon";
import { safeHref } from "~/components/ui/PortableText";
import { Eyebrow } from "~/components/ui/SectionHeading";
import { SectorIcon } from "~/components/ui/SectorIcon";
import { formatInteger } from "~/domain/format";

import type { Maybe } from "../content-shapes";
import { DarkHeroSection, HeroLead } from "../PageHero";
import { calculatorHref, CONTACT_PATH, SECTOR_ACTIONS } from "./labels";
import type { LeadsRange, SectorHeroContent, SectorPageLabels } from "./shapes";

/** '15–25 leads al mes', or null when the range or its label is missing. */
export function leadsRangeText(range: Maybe<LeadsRange>, label: Maybe<string>): string | null {
  const min = range?.min;
  const max = range?.max;
  if (!label || typeof min !== "number" || typeof max !== "number") return null;
  const span = min === max ? formatInteger(min) : `${formatInteger(min)}–${formatInteger(max)}`;
  return `${span} ${label}`;
}

export function SectorHero({
  id,
  sectorName,
  calculatorName,
  hero,
  leadsPerMonth,
  labels,
}: {
  id: string;
  sectorName: Maybe<string>;
  /** The sector's choice in the calculator (defaults to its name). */
  calculatorName?: Maybe<string>;
  hero: Maybe<SectorHeroContent>;
  leadsPerMonth?: Maybe<LeadsRange>;
  labels?: Maybe<SectorPageLabels>;
}) {
  const extraHref = safeHref(hero?.extraCta?.href);
  const leads = leadsRangeText(leadsPerMonth, labels?.leadsPerMonth);
  return (
    <DarkHeroSection id={id}>
      <div className="mx-auto w-full max-w-5xl px-4 pb-28 pt-14 text-center sm:px-6 sm:pb-32 sm:pt-20 lg:px-8">
        {sectorName ? (
          <Eyebrow tone="dark">
            <SectorIcon name={hero?.icon} className="h-4 w-4" />
            {sectorName}
          </Eyebrow>
        ) : null}
        <h1
          id={`${id}-title`}
          className="mx-auto mt-5 max-w-4xl text-balance text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl"
        >
          {hero?.title ?? sectorName}
        </h1>
        <HeroLead text={hero?.description} />
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
          <CtaLink href={calculatorHref(calculatorName ?? sectorName)} variant="onDark" icon="calculator" size="hero">
            {SECTOR_ACTIONS.calculator}
          </CtaLink>
          <CtaLink href={CONTACT_PATH} variant="outlineOnDark" icon="arrow-right" size="hero">
            {SECTOR_ACTIONS.contact}
          </CtaLink>
          {hero?.extraCta?.label && extraHref ? (
            <CtaLink href={extraHref} variant="outlineOnDark" size="hero">
              {hero.extraCta.label}
            </CtaLink>
          ) : null}
        </div>
        {leads ? (
          <p className="mt-8 inline-flex items-center gap-2 text-sm font-medium text-brand-100">
            <Icon name="trend" className="h-4 w-4 text-emerald-300" />
            {leads}
          </p>
        ) : null}
        {hero?.image?.asset ? (
          <ContentImage
            image={hero.image}
            width={896}
            aspectRatio={2}
            sizes="(min-width: 1024px) 896px, calc(100vw - 2rem)"
            className="mx-auto mt-10 block h-auto w-full max-w-4xl rounded-3xl shadow-2xl shadow-black/30 ring-1 ring-white/10"
          />
        ) : null}
      </div>
    </DarkHeroSection>
  );
}
