/** The two maximum-price cards: what one lead may cost for a 150 % and for a 300 % return. */
import type { MaxPrices } from "~/domain/calculator";
import { formatEuros } from "~/domain/format";

export function PriceCards({ prices }: { prices: MaxPrices }) {
  const cards = [
    {
      roi: "150 %",
      value: prices.maxCostFor150ROI,
      tone: "bg-brand-700 text-white",
      sub: "text-brand-50",
      testId: "precio-roi-150",
    },
    {
      roi: "300 %",
      value: prices.maxCostFor300ROI,
      tone: "bg-white text-ink ring-1 ring-inset ring-brand-200",
      sub: "text-ink-soft",
      testId: "precio-roi-300",
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {cards.map((card) => (
        <li key={card.roi} className={`rounded-2xl p-5 shadow-sm sm:p-6 ${card.tone}`} data-testid={card.testId}>
          <p className={`text-sm font-semibold uppercase tracking-wide ${card.sub}`}>Con un ROI del {card.roi}</p>
          <p className="mt-2 text-4xl font-extrabold tabular-nums tracking-tight sm:text-5xl">
            {formatEuros(card.value)}
          </p>
          <p className={`mt-1 text-sm ${card.sub}`}>precio máximo por lead</p>
        </li>
      ))}
    </ul>
  );
}
