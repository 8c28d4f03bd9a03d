/** /iniciar-servicio: the service-start form (five cards, plan choice, then the plan's payment link). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ServiceStartForm } from "~/components/forms/ServiceStartForm";
import { PageHero } from "~/components/sections/PageHero";
import { getServiceStartPage } from "~/content/index.server";
import { serviceStartForm } from "~/forms/service-start";
import { handleLeadAction } from "~/leads/action.server";
import { pageExports } from "~/lib/seo";
import { loadPage } from "~/lib/seo.server";
import { useSiteSettings } from "~/lib/use-site-settings";

export const action = (args: ActionFunctionArgs) => handleLeadAction(args, serviceStartForm);
export { leadClientAction as clientAction } from "~/forms/client-action";

export const loader = () => loadPage(getServiceStartPage, "/iniciar-servicio");
export const { meta, headers } = pageExports();

export default function ServiceStartRoute() {
  const { page } = useLoaderData<typeof loader>();
  const paymentLinks = useSiteSettings()?.paymentLinks;
  return (
    <>
      <PageHero id="iniciar-servicio" title={page.heading} lead={page.intro} />
      <div className="bg-slate-50">
        <div className="container-page max-w-4xl py-12 sm:py-16">
          <ServiceStartForm
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
