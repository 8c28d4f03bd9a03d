/**
 * /calculadora's hero: static, so the browser keeps the server's HTML and never downloads this module,
 * except to render the page itself after a client-side navigation or in preview (app/routes/calculadora.tsx,
 * app/components/islands/static-html.tsx).
 */
import { PageHero } from "~/components/sections/PageHero";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";

export function CalculatorHero({ hero }: { hero: NonNullable<CalculatorPageQueryResult>["hero"] | null | undefined }) {
  return <PageHero id="calculadora" badge={hero?.badge} title={hero?.title} lead={hero?.subtitle} />;
}
