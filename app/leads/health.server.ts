/** Delivery counts for /healthz. Replaced by the lead-delivery module (issue 6). */
export async function deliveryHealth(): Promise<{ pending: number; failed: number }> {
  return { pending: 0, failed: 0 };
}
