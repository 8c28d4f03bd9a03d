/**
 * Content with nothing to do in the browser (text, images, links) keeps the HTML the server sent, and
 * its code is never downloaded: React 18 leaves a Suspense boundary that is still waiting to hydrate
 * exactly as the server rendered it, so the content suspends for good while the page hydrates.
 * docs/decisions/javascript-budget.md ('Server HTML kept') has the measurements.
 *
 * Where there is no server HTML to keep (a client-side navigation) or it must follow live data (draft
 * preview, recognised by its bar), the content renders normally, its code loaded as a chunk of its own.
 */
import { type ComponentType, lazy, memo, type ReactNode, Suspense, useSyncExternalStore } from "react";

import { PREVIEW_BAR_ID } from "~/components/preview/preview-paths";

const neverSettles = new Promise<never>(() => {});
const subscribeToNothing = () => () => {};

/**
 * True on the server and while React hydrates the server's HTML; false in a client-side render (a
 * navigation, a revalidation), where there is no server HTML to keep.
 */
export function useServerHtml(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

function KeptContent({ children }: { children: ReactNode }) {
  const serverHtml = useServerHtml();
  if (serverHtml && typeof document !== "undefined" && !document.getElementById(PREVIEW_BAR_ID)) throw neverSettles;
  return <>{children}</>;
}

/**
 * `children` as the server rendered them. A kept boundary must not be updated (React would drop it and
 * render it on the client), so it re-renders only when `json` (its content) changes.
 */
export const StaticHtml = memo(
  function StaticHtml({ children }: { json: string; children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <KeptContent>{children}</KeptContent>
      </Suspense>
    );
  },
  (before, after) => before.json === after.json,
);

/**
 * A page whose content is all static: the server renders `server` (imported from a `.server` module, so
 * it is empty in the browser); the browser keeps that HTML, and loads the component through `load`
 * only when it has to render the page itself.
 */
export function staticPage<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // Generic props and React.lazy's ref-aware props do not unify; both sides render the same component type.
  const Content = (server ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  return function StaticPage(props: P) {
    return (
      <StaticHtml json={JSON.stringify(props)}>
        <Content {...props} />
      </StaticHtml>
    );
  };
}
