/**
 * The hidden `origen` field every lead form carries: the visit's attribution captured on its first
 * page (campaign parameters, click ids, landing page, referrer). Rendered empty on the server (pages
 * are cached and identical for everyone); before hydration the consent boot script copies the visit's
 * `origen_visita` cookie into it (app/tracking/origin-cookie.ts), after hydration this component fills
 * it; without JavaScript the server reads that cookie or rebuilds what it can from the request
 * (see app/tracking/attribution.server.ts).
 */
import { useEffect, useRef } from "react";
import { ORIGIN_FIELD } from "~/tracking/attribution";
import { visitOrigin } from "~/tracking/visit-origin";

export function OrigenField() {
  const input = useRef<HTMLInputElement>(null);
  // The field is the DOM's: the boot script may have filled it before React arrived.
  useEffect(() => {
    if (input.current) input.current.value = JSON.stringify(visitOrigin());
  }, []);
  return <input ref={input} type="hidden" name={ORIGIN_FIELD} defaultValue="" />;
}
