/**
 * The hidden `origen` field every lead form carries: the visit's attribution captured on its first
 * page (campaign parameters, click ids, landing page, referrer). Rendered empty on the server (pages
 * are cached and identical for everyone) and filled in the browser; without JavaScript the server
 * rebuilds what it can from the request (see attribution.server.ts).
 */
import { useSyncExternalStore } from "react";
import { ORIGIN_FIELD } from "~/tracking/attribution";
import { visitOrigin } from "~/tracking/visit-origin";

const noSubscription = () => () => {};
const serverValue = () => "";
const browserValue = () => JSON.stringify(visitOrigin());

export function OrigenField() {
  // Empty in the server's HTML and while hydrating; the browser's value right after.
  const value = useSyncExternalStore(noSubscription, browserValue, serverValue);
  return <input type="hidden" name={ORIGIN_FIELD} value={value} />;
}
