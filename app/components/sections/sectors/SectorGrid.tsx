/**
 * A grid of sectors for /sectores: each card links to its page (the whole card is the link's target)
 * and has an info button whose tooltip sums the sector up. `featured` cards are larger. Without
 * JavaScript the tooltip cannot open: the card shows its text under the name instead. Each card also
 * shows the sector's figures (conversion rate and cost per lead) without opening anything. Nothing here
 * is live: the tooltips work through the page's handler (app/components/ui/tooltips.ts), so the grid can
 * be server HTML kept as it is (app/pages/SectorsDirectory.tsx).
 */
import type { ReactNode } from "react";

import { Icon } from "~/components/ui/Icon";
import { InfoTooltip } from "~/components/ui/InfoTooltip";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import type { SectorsDirectoryQueryResult } from "~/content/sanity.types";
import { formatEuros, formatPercent } from "~/domain/format";

import type { List, Maybe } from "../content-shapes";
import { SectorIconIsland } from "./SectorIconIsland";

type SectorsDirectory = NonNullable<SectorsDirectoryQueryResult>;

export type SectorListItem = SectorsDirectory["sectors"][number];
export type SectorFigureLabels = SectorsDirectory["figureLabels"];

/** 'Tasa de conversión 15 % · Coste por lead 120 €', from what the sector has. */
function SectorFigures({ sector, labels }: { sector: SectorListItem; labels: Maybe<SectorFigureLabels> }) {
  const figures = [
    sector.conversionRate != null && labels?.conversionRate
      ? { label: labels.conversionRate, value: formatPercent(sector.conversionRate) }
      : null,
    sector.costPerLead != null && labels?.costPerLead
      ? { label: labels.costPerLead, value: formatEuros(sector.costPerLead, { decimals: "auto" }) }
      : null,
  ].filter((figure) => figure !== null);
  if (figures.length === 0) return null;
  return (
    <dl className="sector-figures" data-sector-figures="">
      {figures.map((figure) => (
        <div key={figure.label} className="flex gap-1">
          <dt>{figure.label}</dt>
          <dd className="font-semibold text-brand-700">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function sectorPath(slug: string): string {
  return `/sectores/${slug}`;
}

function SectorCard({
  sector,
  variant,
  tooltipLabel,
  figureLabels,
}: {
  sector: SectorListItem;
  variant: "featured" | "compact";
  tooltipLabel: Maybe<string>;
  figureLabels: Maybe<SectorFigureLabels>;
}) {
  const featured = variant === "featured";
  return (
    <li className={`group sector-card ${featured ? "p-5 sm:gap-4 sm:p-6" : "px-4 py-3"}`}>
      <span
        aria-hidden="true"
        className={`sector-card-icon ${
          featured
            ? "h-12 w-12 bg-brand-600 text-white shadow-md shadow-brand-600/25"
            : "h-10 w-10 bg-brand-50 text-brand-700 group-hover:bg-brand-100"
        }`}
      >
        <SectorIconIsland name={sector.icon} className={featured ? "h-6 w-6" : "h-5 w-5"} />
      </span>
      <a href={sectorPath(sector.slug ?? "")} className={`sector-card-link ${featured ? "text-lg" : "text-base"}`}>
        {sector.sectorName}
      </a>
      {sector.tooltip ? (
        <InfoTooltip
          label={tooltipLabel ? `${tooltipLabel} ${sector.sectorName ?? ""}`.trim() : (sector.sectorName ?? "")}
          text={sector.tooltip}
          className="relative z-10"
          textClassName="basis-full text-sm text-ink-soft"
        />
      ) : (
        <Icon name="arrow-right" className="h-5 w-5 shrink-0 text-brand-600" />
      )}
      <SectorFigures sector={sector} labels={figureLabels} />
    </li>
  );
}

export function SectorGrid({
  id,
  heading,
  sectors,
  variant,
  tooltipLabel,
  figureLabels,
  tone = "white",
  keepEmpty = false,
  before,
  after,
}: {
  id: string;
  heading: Maybe<string>;
  sectors: List<SectorListItem>;
  variant: "featured" | "compact";
  tooltipLabel: Maybe<string>;
  figureLabels?: Maybe<SectorFigureLabels>;
  tone?: "white" | "muted";
  /** Shown even without sectors (a search that found none says so in `after`). */
  keepEmpty?: boolean;
  /** Between the heading and the list (the directory's search). */
  before?: ReactNode;
  /** After the list (the directory's pages). */
  after?: ReactNode;
}) {
  const list = (sectors ?? []).filter((sector) => sector.slug);
  if (list.length === 0 && !keepEmpty) return null;
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone}>
      <SectionHeading id={`${id}-title`} title={heading} />
      {before}
      {list.length > 0 ? (
        <ul
          className={`mt-10 grid gap-4 ${variant === "featured" ? "sm:grid-cols-2 lg:grid-cols-3 lg:gap-6" : "sm:grid-cols-2 lg:grid-cols-3"}`}
        >
          {list.map((sector) => (
            <SectorCard
              key={sector.slug}
              sector={sector}
              variant={variant}
              tooltipLabel={tooltipLabel}
              figureLabels={figureLabels}
            />
          ))}
        </ul>
      ) : null}
      {after}
    </Section>
  );
}
