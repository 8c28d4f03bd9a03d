/**
 * False during the server render and the first client render, true once React has hydrated. Lets a
 * control that only makes sense with JavaScript (a disabled state the browser keeps up to date) stay
 * usable in the server's HTML, so pages keep working with JavaScript off.
 * The switch is a transition: the re-render it causes (e.g. /mensual's in-page forms giving way to
 * dialogs) is done in short, interruptible slices rather than one long task right after hydration.
 * A component first rendered after the page has hydrated (a form whose code came on interaction, a
 * client-side navigation) has no server HTML to match, so it starts at true.
 */
import { startTransition, useEffect, useState } from "react";

let pageHydrated = false;

/** An island mounted on its own (app/components/islands/mount.tsx) renders after the page: live from the start. */
export function markRenderedAfterLoad(): void {
  pageHydrated = true;
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
    // Once: the value only ever goes from false to true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return hydrated;
}
