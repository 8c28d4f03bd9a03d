/**
 * An island's entry in the browser: `islandEntry(Component)` is what each file of app/islands/ exports. Its
 * `mount` reads the props and env the server wrote on the element (./island-markup.ts), renders the live
 * component in the element's place in one synchronous step, and carries over what the visitor did to the
 * server's form meanwhile (values, ticks, a picked file, the focus and the caret: ./form-state.ts), then makes
 * a send the loader held. No router and no other island shares its React root: what it reads of the page is
 * its env (./island-env.tsx).
 */
import { type ComponentType, StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

import { markRenderedAfterLoad } from "~/lib/use-hydrated";

import { LIVE_AT_ONCE, loadMarkedModules } from "./client-modules";
import { applyState, type FormState, hasVisitorInput, readState } from "./form-state";
import { type IslandEnv, MountedIslandEnv } from "./island-env";
import {
  ISLAND_LIVE_ATTRIBUTE,
  ISLAND_OPENS_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_SLOT_ATTRIBUTE,
  type IslandEntry,
  submitHeld,
} from "./island-markup";
import { IslandSlot } from "./page-island";

/**
 * What an island that in-page links open (`ISLAND_OPENS_ATTRIBUTE`) is told as it mounts: whether to open (a link
 * was clicked, or the visitor had started on the page's form), the link that asked (the focus goes back to it),
 * and what the visitor had typed into the server's form (the opened island takes it over).
 */
export interface IslandStart {
  start?: { open: boolean; opener: HTMLElement | null; carried?: FormState | null };
}

interface Written<P> {
  props: P;
  env: IslandEnv;
  /** The element props the server rendered as slots (page-island.tsx). */
  slots?: string[];
}

export function islandEntry<P extends object>(Component: ComponentType<P>): IslandEntry {
  return {
    // A part of the island with code of its own that the server showed (the calculator's lead form, when the
    // address had a sector): loaded first, so the swap never leaves a gap where the server's part was.
    prepare: (element) => loadMarkedModules(element, LIVE_AT_ONCE),
    mount(element, held, opening = null) {
      if (element.hasAttribute(ISLAND_LIVE_ATTRIBUTE)) return;
      const {
        props,
        env,
        slots = [],
      } = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "null") as Written<P>;
      // Each slot's server HTML, read before React replaces the element's content, and given back as it was.
      const live: Record<string, unknown> = { ...(props as Record<string, unknown>) };
      for (const slot of slots) {
        const html = element.querySelector(`[${ISLAND_SLOT_ATTRIBUTE}="${CSS.escape(slot)}"]`)?.innerHTML ?? "";
        live[slot] = <IslandSlot name={slot} html={html} />;
      }
      const state = readState(element);
      // An island that links open goes from the page's section to its own frame (a dialog): what was typed goes
      // with it when it opens, not into the place where the section was.
      const opens = element.hasAttribute(ISLAND_OPENS_ATTRIBUTE);
      if (opens) {
        const started = hasVisitorInput(element);
        const start: IslandStart["start"] = {
          open: opening !== null || started,
          opener: opening?.opener ?? null,
          carried: started ? state : null,
        };
        live.start = start;
      }
      markRenderedAfterLoad();
      // The loader may have hidden the section of an island that links open (app/components/frame/islands.ts).
      // Shown again before React renders (same task, so nothing paints in between): a dialog that opens as it
      // mounts takes its focus only inside a displayed element.
      element.style.display = "";
      const root = createRoot(element);
      flushSync(() =>
        root.render(
          <StrictMode>
            <MountedIslandEnv.Provider value={env}>
              <Component {...(live as P)} />
            </MountedIslandEnv.Provider>
          </StrictMode>,
        ),
      );
      element.setAttribute(ISLAND_LIVE_ATTRIBUTE, "");
      if (!opens) applyState(element, state);
      if (held) submitHeld(element, held);
    },
  };
}
