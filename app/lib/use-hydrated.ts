/**
 * False during the server render and the first client render, true once React has hydrated. Lets a
 * control that only makes sense with JavaScript (a disabled state the browser keeps up to date) stay
 * usable in the server's HTML, so pages keep working with JavaScript off.
 */
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
