/**
 * False during the server render and the first client render, true once React has hydrated. Lets a
 * control that only makes sense with JavaScript (a disabled state the browser keeps up to date) stay
 * usable in the server's HTML, so pages keep working with JavaScript off.
 * The switch is a transition: the re-render it causes (e.g. /mensual's in-page forms giving way to
 * dialogs) is done in short, interruptible slices rather than one long task right after hydration.
 */
import { startTransition, useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
