/** Delivery counts for /healthz: submissions waiting for delivery and kept as failed, and the database when there is one. */
import { leadStore } from "./backend.server";
import type { LeadStoreHealth } from "./store.server";

export function deliveryHealth(): Promise<LeadStoreHealth> {
  return leadStore().health();
}

/** Age in whole seconds of the oldest delivery not yet made (0 when none); null when it cannot be read. */
export function oldestPendingSeconds(): Promise<number | null> {
  return leadStore()
    .backlog()
    .then(
      (backlog) => Math.floor(backlog.oldestPendingSeconds),
      () => null,
    );
}
