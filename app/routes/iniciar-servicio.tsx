/** /iniciar-servicio: the service-start form (five cards, plan choice, then the plan's payment link). */
import { useLoaderData } from "@remix-run/react";

import { ServiceStartFormOnInteraction } from "~/components/forms/forms-on-interaction";
import { islandsLoader } from "~/components/islands/island";
import { PageHeroIsland } from "~/components/sections/PageHeroIsland";
import { getServiceStartPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import { loadPage } from "~/site/seo.server";
import { useSiteSettings } from "~/site/use-site-settings";

export { leadClientAction as clientAction } from "~/forms/client-action";
export { serviceStartAction as action } from "~/leads/page-actions.server";

export const loader = () => loadPage(getServiceStartPage, "/iniciar-servicio");
export const meta = loaderMeta;
export const headers = publicPageHeaders;

export const clientLoader = islandsLoader(PageHeroIsland);

export default function ServiceStartRoute() {
  const { page } = useLoaderData<typeof loader>();
  const paymentLinks = useSiteSettings()?.paymentLinks;
  return (
    <>
      <PageHeroIsland id="iniciar-servicio" title={page.heading} lead={page.intro} />
      <div className="bg-slate-50">
        <div className="container-page max-w-4xl py-12 sm:py-16">
          <ServiceStartFormOnInteraction
            content={page}
            paymentLinks={{
              "presencia-activa": paymentLinks?.presenciaActiva,
              "captacion-pro": paymentLinks?.captacionPro,
            }}
          />
        </div>
      </div>
    </>
  );
}
