/** Delivery counts for /healthz: submissions waiting for delivery and ones kept as failed. */
import { leadDelivery } from "./delivery.server";

export async function deliveryHealth(): Promise<{ pending: number; failed: number }> {
  return leadDelivery().spool.counts();
}
