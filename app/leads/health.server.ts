/** Delivery counts for /healthz: submissions waiting for delivery and kept as failed, and the database when there is one. */
import { leadStore } from "./backend.server";
import type { LeadStoreHealth } from "./store.server";

export function deliveryHealth(): Promise<LeadStoreHealth> {
  return leadStore().health();
}
