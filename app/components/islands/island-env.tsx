/**
 * What an island reads of the page around it, without Remix: the page's address, the route whose action
 * answers its posts, the page's answer to a post made without JavaScript, and the site's privacy texts.
 *
 * On the server (and in a draft preview, which runs the whole app) the root provides `useRemixIslandEnv`
 * (./remix-env.tsx), which reads Remix's hooks. In the browser an island is mounted on its own
 * (./mount.tsx) with the env the server wrote beside its HTML: no router, no loader data. So an island's
 * code imports nothing from `@remix-run/react`, and this module is the one door to what it used to read
 * there.
 */
import { createContext, useContext } from "react";

import type { SiteSettings } from "~/content/types";

/** The site settings a form shows beside its fields (the privacy notice's first layer). */
export type PrivacySettings = Pick<SiteSettings, "privacyNotice" | "legalIdentity" | "siteName">;

export interface IslandEnv {
  /** The page's path, without query or hash: where its forms post, what its in-page links name. */
  pathname: string;
  /** The page's query string ("" or "?…"). */
  search: string;
  /** The Remix route whose action answers a post to `pathname` (asked for its JSON answer). */
  routeId: string;
  /** The page's answer to a post made without JavaScript (the action's data), or null. */
  actionData: unknown;
  /** The privacy texts every form shows; null when the settings could not be read. */
  privacy: PrivacySettings | null;
}

/** The env written beside a mounted island's HTML (browser). */
export const MountedIslandEnv = createContext<IslandEnv | null>(null);

function useMountedIslandEnv(): IslandEnv {
  const env = useContext(MountedIslandEnv);
  if (!env) throw new Error("an island rendered outside the app and outside its mount");
  return env;
}

/**
 * How the env is read in this tree: the root of the Remix app swaps in `useRemixIslandEnv`. A context holding
 * a hook is stable for the life of a tree, so the rules of hooks hold.
 */
export const IslandEnvSource = createContext<() => IslandEnv>(useMountedIslandEnv);

/**
 * What a part of an island changes of its env for what it renders: the calculator started again in place is
 * no longer the answer to the page's post, nor at the address's query.
 */
export const IslandEnvOverride = createContext<Partial<IslandEnv> | null>(null);

export function useIslandEnv(): IslandEnv {
  const override = useContext(IslandEnvOverride);
  const env = useContext(IslandEnvSource)();
  return override ? { ...env, ...override } : env;
}

const isIndexRoute = (routeId: string) => routeId === "routes/_index" || routeId.endsWith("._index");

/**
 * The address a page's form posts to without JavaScript, as Remix's `useFormAction` made it: the page's
 * path and query (a campaign's utm_* travel with the post), `index` for an index route.
 */
export function formActionUrl(env: Pick<IslandEnv, "pathname" | "search" | "routeId">): string {
  const params = new URLSearchParams(env.search);
  params.delete("index");
  const query = params.toString();
  const index = isIndexRoute(env.routeId) ? (query ? "?index&" : "?index") : query ? "?" : "";
  return `${env.pathname}${index}${query}`;
}

/**
 * The address a form's script posts to for the action's JSON answer (Remix's data request): the form's
 * action and the route's id.
 */
export function dataRequestUrl(env: Pick<IslandEnv, "pathname" | "search" | "routeId">): string {
  const action = formActionUrl(env);
  return `${action}${action.includes("?") ? "&" : "?"}_data=${encodeURIComponent(env.routeId)}`;
}
