/**
 * /calculadora: the lead-price calculator. The loader computes the results for the address it is given
 * (`?sector=…&conversion=…&beneficio=…&presupuesto=…`), so results are shareable and work without
 * JavaScript; the action receives the 'Completa tus datos' form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";

import { CalculatorPageIsland } from "~/components/calculator/CalculatorPage";
import { island, islandsLoader } from "~/components/islands/island";
import { pageIsland } from "~/components/islands/page-island";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import { calculatorLeadAction, loadCalculator } from "~/site/calculator.server";
import { pageMeta, siteHead } from "~/site/seo.server";

/** Results pages are public (they depend only on the address); the answer to a lead post is not. */
export const headers = publicPageHeaders;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const [calculator, site] = await Promise.all([loadCalculator(new URL(request.url)), siteHead()]);
  return { ...calculator, meta: pageMeta(site, { seo: calculator.page.seo, path: "/calculadora" }) };
};

export const action = (args: ActionFunctionArgs) => calculatorLeadAction(args);

/** In the browser, a lost connection becomes the spec's 'Error al enviar' answer, not an error page. */
export { leadClientAction as clientAction } from "~/forms/client-action";

export const meta: MetaFunction<typeof loader> = loaderMeta;

/** The browser recalculates by itself; a lead post changes nothing the loader computes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

const Hero = island("page:CalculatorHero", "server-html", () =>
  import("~/pages/CalculatorHero").then((module) => module.CalculatorHero),
);
const Intro = island("page:CalculatorIntro", "server-html", () =>
  import("~/pages/CalculatorIntro").then((module) => module.CalculatorIntro),
);
const Steps = island("page:CalculatorSteps", "server-html", () =>
  import("~/pages/CalculatorSteps").then((module) => module.CalculatorSteps),
);
export const clientLoader = islandsLoader(Hero, Intro, Steps);
/** The calculator, live when a visitor reaches for it; the intro cards and the steps stay the server's HTML. */
const Calculator = pageIsland("calculator", CalculatorPageIsland, ["intro", "steps"]);

export default function CalculatorRoute() {
  const { page, sectors, sectorSearch, request, state } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero hero={page.hero} />
      <Calculator
        // Only what the live calculator reads: the island's props travel in the page as JSON.
        content={{
          howWeWork: page.howWeWork,
          guarantee: page.guarantee,
          leadForm: page.leadForm,
          sectorField: page.sectorField,
        }}
        sectors={sectors}
        sectorSearch={sectorSearch}
        request={request}
        state={state}
        intro={<Intro cards={page.introCards ?? []} />}
        steps={<Steps content={page} />}
      />
    </>
  );
}
