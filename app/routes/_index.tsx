import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getLandingPage } from "~/content/index.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { pageMeta } from "~/lib/seo";

export const headers = publicPageHeaders;

export async function loader() {
  return { page: await getLandingPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, { seo: data?.page.seo, path: "/" });

export default function LandingRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <section id="inicio" className="container-page section">
      <h1 className="section-heading">{page.hero?.title}</h1>
    </section>
  );
}
