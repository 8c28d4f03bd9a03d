/**
 * The bar every draft preview page shows (server-rendered, works without JavaScript) and, once hydrated,
 * Sanity's click-to-edit overlay. Loaded only in preview: app/root.tsx imports this module lazily, so
 * public pages never download it. The bar floats bottom left, clear of the WhatsApp button; a spacer at
 * the end of the page keeps the footer reachable without moving anything above it.
 */
import { useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";

import { useHydrated } from "~/lib/use-hydrated";

const Overlay = lazy(() => import("./Overlay.client"));

/** The bar itself, also rendered on the server (app/components/preview/bar-view.server.ts). */
export function PreviewBarView() {
  const { pathname } = useLocation();
  return (
    <>
      <div aria-hidden="true" className="h-24 sm:h-16" />
      <div
        role="region"
        aria-label="Vista previa"
        className="fixed bottom-3 left-3 right-24 z-[60] flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink px-3 py-2 text-xs text-white shadow-lg sm:right-28 sm:text-sm"
      >
        <p className="font-semibold">Vista previa: estás viendo borradores</p>
        <a
          className="rounded-md bg-white px-3 py-1.5 font-semibold text-ink hover:underline"
          href={`/api/preview-mode/disable?redirect=${encodeURIComponent(pathname)}`}
        >
          Salir de la vista previa
        </a>
      </div>
    </>
  );
}

export default function PreviewBar() {
  const hydrated = useHydrated();
  return (
    <>
      <PreviewBarView />
      {hydrated ? (
        <Suspense fallback={null}>
          <Overlay />
        </Suspense>
      ) : null}
    </>
  );
}
