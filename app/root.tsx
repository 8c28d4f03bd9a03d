import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useContext } from "react";

import { clientManifest } from "~/components/frame/client-manifest.server";
import { IslandEnvSource } from "~/components/islands/island-env";
import { IslandSources } from "~/components/islands/page-island";
import { useRemixIslandEnv } from "~/components/islands/remix-env";
import {
  CookieBannerIsland,
  FooterIsland,
  HeaderIsland,
  MinimalHeaderIsland,
  NotFoundIsland,
  PAGE_END_ID,
  WhatsAppIsland,
} from "~/components/layout/frame-islands";
import { ICON_SPRITE_PATH, IconSpriteContext } from "~/components/ui/Icon";
import { ICON_SPRITE_URL } from "~/components/ui/icon-sprite.server";
import { ConsentBootScript } from "~/consent/ConsentBootScript";
import type { SiteSettings } from "~/content/types";
import { PREFETCH_REFUSED_HEADER, runningExperimentPaths } from "~/experiments/serve.server";
import { HydrateEveryPage } from "~/lib/hydrate";
import { speculationRules } from "~/lib/speculation-rules";
import { useHydrated } from "~/lib/use-hydrated";
import noScriptStylesheet from "~/no-js.css";
import { siteCardMeta, siteHead } from "~/site/seo.server";
import stylesheet from "~/tailwind.css";
import { TRACKING_ATTRIBUTE } from "~/tracking/tags";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Draft preview adds nothing here: its bar and client are added to preview answers only, outside the
// React tree (app/entry.server.tsx, docs/preview.md), so public pages keep the same loader data and scripts.
// `siteCard`: the site's social card tags, for a page that fails (built here: the browser has no card code);
// `iconSprite`: the versioned address of the icon sprite; `frameScript`: the frame script's address
// (app/components/frame/); `islandSources`: each island's entry (app/components/islands/page-island.tsx);
// `speculationRules`: what the browser may prefetch (app/lib/speculation-rules.ts).
export async function loader(_: LoaderFunctionArgs) {
  const [site, experimentPaths] = await Promise.all([siteHead(), runningExperimentPaths()]);
  return {
    ...site,
    siteCard: siteCardMeta(site),
    iconSprite: ICON_SPRITE_URL,
    frameScript: clientManifest().frame,
    frameImports: clientManifest().frameImports,
    islandSources: clientManifest().islands,
    speculationRules: speculationRules(experimentPaths),
  };
}

/**
 * Whether this document hydrates (app/lib/hydrate.ts): only a draft preview does. A public page's forms, calculator
 * and dialogs are page islands that bring their own React when reached (docs/decisions/0025-islands-without-remix.md).
 * In the browser React only ever renders a document that hydrates.
 */
function useHydrates(): boolean {
  const everyPage = useContext(HydrateEveryPage);
  return typeof document !== "undefined" || everyPage;
}

/**
 * A prefetch of a running experiment's path is refused (app/experiments/serve.server.ts) with a 503 that no
 * cache may keep; every other page sets its own headers, and every other error page stays as it was.
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const refused = errorHeaders?.get(PREFETCH_REFUSED_HEADER);
  const answer = new Headers();
  if (refused) {
    answer.set("Cache-Control", errorHeaders?.get("Cache-Control") ?? "private, no-store");
    answer.set(PREFETCH_REFUSED_HEADER, refused);
  }
  return answer;
};

/**
 * Only used when a page fails: Remix then renders the meta of the routes up to this error boundary, so
 * the not-found page (unknown path, unknown sector slug) gets its title here. Pages export their own.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? (data?.settings.notFound?.title ?? "Oops! Page not found") : (data?.settings.siteName ?? "");
  return [{ title }, { name: "robots", content: "noindex" }, ...(data?.siteCard ?? [])];
};

const NO_ISLANDS: Record<string, string> = {};

export function Layout({ children }: { children: ReactNode }) {
  // Absent when the root loader failed: the icons then point at the sprite's unversioned address.
  const root = useRouteLoaderData<typeof loader>("root");
  const iconSprite = root?.iconSprite ?? ICON_SPRITE_PATH;
  const hydrates = useHydrates();
  return (
    // The consent boot script may add a class to <html> before hydration.
    <html lang="es" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ConsentBootScript />
        <meta name="theme-color" content="#1d5ef1" />
        <Meta />
        <Links />
        {/* No first paint before the page's content is parsed (Chromium): a paint while the parser stops
            halfway through the hero (a slow connection, a busy phone) would move it once the rest arrives. */}
        {/* eslint-disable-next-line react/no-unknown-property -- `blocking` is HTML, newer than the rule's list. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        {/* Without JavaScript, content behind script-driven controls (FAQ answers) is shown open. */}
        <noscript dangerouslySetInnerHTML={{ __html: `<link rel="stylesheet" href="${noScriptStylesheet}">` }} />
        {/* The frame script, on every page: async, so the document's parsing and DOMContentLoaded never wait
            for it (it starts its listeners once the document is parsed, app/components/frame/frame.ts). */}
        {root?.frameScript ? <script type="module" async src={root.frameScript} /> : null}
        {root?.frameImports.map((src) => (
          <link key={src} rel="modulepreload" href={src} />
        ))}
        {root?.speculationRules ? (
          <script type="speculationrules" dangerouslySetInnerHTML={{ __html: root.speculationRules }} />
        ) : null}
      </head>
      {/* The tags' ids, for the frame script (app/components/frame/tracking.ts). */}
      <body
        className="flex min-h-screen flex-col"
        {...{ [TRACKING_ATTRIBUTE]: root?.settings.tracking ? JSON.stringify(root.settings.tracking) : undefined }}
      >
        <IconSpriteContext.Provider value={iconSprite}>
          <IslandEnvSource.Provider value={useRemixIslandEnv}>
            <IslandSources.Provider value={root?.islandSources ?? NO_ISLANDS}>{children}</IslandSources.Provider>
          </IslandEnvSource.Provider>
        </IconSpriteContext.Provider>
        {/* Only a page with a form, the calculator or a dialog (or a draft preview) carries React. */}
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** A page asks for the focused header (logo and phone, no menu) with `frame: "minimal"` in its loader data. */
export type FrameKind = "full" | "minimal";

function useFrameKind(): FrameKind {
  const matches = useMatches();
  const data = matches[matches.length - 1]?.data as { frame?: unknown } | null | undefined;
  return data?.frame === "minimal" ? "minimal" : "full";
}

function Frame({
  settings,
  kind = "full",
  children,
}: {
  settings: SiteSettings;
  kind?: FrameKind;
  children: ReactNode;
}) {
  return (
    <>
      <CookieBannerIsland texts={settings.cookieBanner} />
      {kind === "minimal" ? <MinimalHeaderIsland settings={settings} /> : <HeaderIsland settings={settings} />}
      <main id="contenido" className="flex-1 pt-16">
        {children}
      </main>
      <FooterIsland settings={settings} />
      <WhatsAppIsland settings={settings} />
    </>
  );
}

export default function App() {
  const { settings } = useLoaderData<typeof loader>();
  // Marks the page hydrated (app/lib/use-hydrated.ts), so a form whose code comes later starts live, with its
  // own checks (the header did this while it was a live component).
  useHydrated();
  const kind = useFrameKind();
  return (
    <Frame settings={settings} kind={kind}>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const content = notFound ? (
    <NotFoundIsland settings={root?.settings} />
  ) : (
    <div className="container-page section text-center">
      <h1 className="section-heading">Se ha producido un error</h1>
      <p className="mt-4 text-ink-soft">Inténtalo de nuevo en unos minutos.</p>
      <a className="btn-primary mt-8" href="/">
        Volver al inicio
      </a>
    </div>
  );
  return root ? <Frame settings={root.settings}>{content}</Frame> : <main className="flex-1">{content}</main>;
}
