/**
 * The hidden `origen` field every lead form carries: the visit's attribution captured on its first
 * page (campaign parameters, click ids, landing page, referrer). Rendered empty on the server (pages
 * are cached and identical for everyone); before hydration the consent boot script copies the visit's
 * `origen_visita` cookie into it (app/tracking/origin-cookie.ts), after hydration this component fills
 * it; without JavaScript the server reads that cookie or rebuilds what it can from the request
 * (see app/tracking/attribution.server.ts).
 */
import { useEffect, useState } from "react";

import { ORIGIN_FIELD } from "~/tracking/attribution";
import { visitOrigin } from "~/tracking/visit-origin";

export function OrigenField() {
  // Controlled on purpose: a hidden input's value is its attribute, which React rewrites on every
  // render of an uncontrolled one (losing what was set in the DOM on client-side navigations).
  const [value, setValue] = useState("");
  // eslint-disable-next-line react-hooks/set-state-in-effect -- visitOrigin() reads browser-only state after hydration
  useEffect(() => setValue(JSON.stringify(visitOrigin())), []);
  return <input type="hidden" name={ORIGIN_FIELD} value={value} />;
}
