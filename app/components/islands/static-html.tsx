/**
 * Content with nothing to do in the browser (text, images, links) keeps the HTML the server sent, and
 * its code is never downloaded: the 'server-html' hydration of island.tsx. The figures are in
 * docs/lab/javascript-budget-log.md ('Server HTML kept').
 *
 * The server renders the content inside a wrapper element. While hydrating, the browser reads that
 * element's HTML and renders the same element with it as `dangerouslySetInnerHTML`: React adopts the
 * element and never touches what is inside (no component, so no context or update can reach it).
 * Where there is no server HTML to keep (a client-side navigation) or it must follow live data (draft
 * preview, recognised by its bar), the content renders as components, its code loaded as a chunk
 * (client-modules.tsx).
 */
import { type DOMAttributes, type ReactNode, Suspense, useId, useState, useSyncExternalStore } from "react";

import { isPreviewDocument } from "~/lib/preview-document";

import { MODULE_ATTRIBUTE, ON_INTERACTION_ATTRIBUTE } from "./client-modules";

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

/** The attribute naming a kept element (its value is React's `useId`, equal on server and client). */
const KEPT_ATTRIBUTE = "data-server-html";

/** The kept element named `id` in the document, if it is there. */
export const keptElement = (id: string) => document.querySelector(`[${KEPT_ATTRIBUTE}="${CSS.escape(id)}"]`);

/**
 * The server's HTML of the element named `id`, read while hydrating a public page; null on the server,
 * after a client-side navigation and in preview. Read once: the element keeps it for its lifetime.
 */
export function useKeptHtml(id: string): string | null {
  const serverHtml = useServerHtml();
  const [kept] = useState(() => {
    if (!serverHtml || typeof document === "undefined" || isPreviewDocument()) return null;
    return keptElement(id)?.innerHTML ?? null;
  });
  return kept;
}

/** A wrapper that takes no box of its own: the page lays out as if the content sat in its place. */
export function KeptElement({
  id,
  html,
  module,
  as: Tag = "div",
  handlers,
  marked = false,
  children,
}: {
  id: string;
  html: string | null;
  module: string;
  /** `span` where the content sits in phrasing content (an icon inside a `<span>`). */
  as?: "div" | "span";
  /** Listeners for events inside kept HTML (on-interaction.tsx). */
  handlers?: Omit<DOMAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;
  /** An 'on-interaction' island's element: the page then needs that wrapper's code to hydrate. */
  marked?: boolean;
  children?: ReactNode;
}) {
  const attributes = {
    [KEPT_ATTRIBUTE]: id,
    [MODULE_ATTRIBUTE]: module,
    ...(marked ? { [ON_INTERACTION_ATTRIBUTE]: "" } : {}),
    className: "contents",
    ...handlers,
  };
  return html === null ? (
    <Tag {...attributes}>{children}</Tag>
  ) : (
    // The links (and GET forms) inside are the browser's: a page load each (navigation is the browser's,
    // docs/decisions/0023-a-frame-without-a-framework.md). An 'on-interaction' island's forms are its own
    // business (on-interaction.tsx).
    <Tag {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/**
 * A Suspense boundary for content whose chunk may still be on its way: only in a client-side render. The
 * server's HTML carries none, because React hydrates a boundary on its own schedule, and any update that
 * reaches it first (a re-render of its parent, a context change) makes React throw its HTML away. When
 * hydrating, the chunks are already loaded (client-modules.tsx), so nothing there needs one.
 */
export function LoadingBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const serverHtml = useServerHtml();
  const [boundary] = useState(!serverHtml);
  return boundary ? <Suspense fallback={fallback}>{children}</Suspense> : <>{children}</>;
}

/** `children` (the component of `module`) as the server rendered them; live only without server HTML. */
export function StaticHtml({ module, as, children }: { module: string; as?: "div" | "span"; children: ReactNode }) {
  const id = useId();
  const html = useKeptHtml(id);
  return (
    <KeptElement id={id} html={html} module={module} as={as}>
      {html === null ? <LoadingBoundary>{children}</LoadingBoundary> : null}
    </KeptElement>
  );
}
