/**
 * The three stat cards under the sector hero: conversion rate, average value per client and cost per
 * lead, the same figures (fallbacks applied) the projection table is computed with.
 */
import { IconMark, type IconName } from "~/components/ui/Icon";
import { formatEuros, formatPercent } from "~/domain/format";
import type { SectorStats as Stats } from "~/domain/projection";

import type { Maybe } from "../content-shapes";
import type { SectorPageLabels } from "./shapes";

export function SectorStats({ stats, labels }: { stats: Stats; labels: Maybe<SectorPageLabels> }) {
  const cards: Array<{ key: string; icon: IconName; label: Maybe<string>; value: string }> = [
    { key: "conversion", icon: "target", label: labels?.conversionRate, value: formatPercent(stats.conversionRate) },
    {
      key: "profit",
      icon: "euro",
      label: labels?.averageProfit,
      value: formatEuros(stats.averageProfit, { decimals: "auto" }),
    },
    {
      key: "cost",
      icon: "card",
      label: labels?.costPerLead,
      value: formatEuros(stats.costPerLead, { decimals: "auto" }),
    },
  ];
  return (
    <div className="relative z-10 mx-auto -mt-16 w-full max-w-5xl px-4 sm:-mt-20 sm:px-6 lg:px-8">
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-6">
        {cards.map((card) => (
          <div
            key={card.key}
            data-stat={card.key}
            className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-lg shadow-slate-300/40 sm:block sm:p-6"
          >
            <dt className="flex items-center gap-3 text-sm font-medium text-ink-soft sm:text-base">
              <IconMark
                name={card.icon}
                className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
                iconClassName="h-5 w-5"
              />
              {card.label}
            </dt>
            <dd className="whitespace-nowrap text-2xl font-extrabold tracking-tight text-ink sm:mt-3 sm:text-4xl">
              {card.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
