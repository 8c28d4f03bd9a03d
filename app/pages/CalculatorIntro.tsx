/**
 * The intro cards of /calculadora, above its calculator. Static: the browser keeps the server's HTML and
 * never downloads this module, except to render the page itself after a client-side navigation or in
 * preview (app/routes/calculadora.tsx). A campaign page's calculator block has none.
 */
import { type FeatureContent, itemKey } from "~/components/sections/content-shapes";
import { IconMark, type IconName } from "~/components/ui/Icon";
import { typesetText } from "~/components/ui/typeset";

const INTRO_ICONS: IconName[] = ["euro", "target", "shield"];

export function CalculatorIntro({ cards }: { cards: ReadonlyArray<FeatureContent> }) {
  if (!cards.length) return null;
  return (
    <ul className="grid gap-3 sm:gap-4 md:grid-cols-3">
      {cards.map((card, index) => (
        <li
          key={itemKey(card, index)}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <IconMark
            name={INTRO_ICONS[index % INTRO_ICONS.length]}
            className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
            iconClassName="h-6 w-6"
          />
          <div>
            <h2 className="font-semibold text-ink">{typesetText(card.title)}</h2>
            {card.description ? <p className="mt-1 text-sm leading-relaxed text-ink-soft">{card.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
