import { belongsTo, lastDeliveredAt, normalizeEmail, removalReason } from "~/leads/retention.server";
import type { LeadRecord } from "~/leads/spool.server";

const DAY = 24 * 60 * 60 * 1000;
const settings = { retentionDays: 30, maxAgeDays: 365 };
const created = "2026-01-01T10:00:00.000Z";
const at = (days: number) => new Date(Date.parse(created) + days * DAY);

function record(deliveries: LeadRecord["deliveries"], createdAt = created): LeadRecord {
  return { version: 1, id: "x", form: "contacto", createdAt, payload: { email: "ana@example.com" }, deliveries };
}
const delivery = (state: "pending" | "failed" | "delivered", deliveredDay: number | null = null) => ({
  state,
  attempts: 1,
  nextAttemptAt: created,
  lastAttemptAt: created,
  lastError: null,
  deliveredAt: deliveredDay === null ? null : at(deliveredDay).toISOString(),
});

describe("personal-data rules", () => {
  it("normalizes an address (case, surrounding spaces) and refuses what is not one", () => {
    expect(normalizeEmail("  Ana.Garcia@Example.COM ")).toBe("ana.garcia@example.com");
    for (const wrong of ["", "ana", "ana@", "@example.com", "ana@example", "ana @example.com", 42, null]) {
      expect(normalizeEmail(wrong)).toBeNull();
    }
  });

  it("matches a person by the whole address only", () => {
    expect(belongsTo({ payload: { email: " ANA@example.com" } }, "ana@example.com")).toBe(true);
    for (const other of ["anna@example.com", "ana@example.co", "ana@example.com.es", "xana@example.com", undefined]) {
      expect(belongsTo({ payload: { email: other } }, "ana@example.com")).toBe(false);
    }
  });

  it("counts retention from the last destination's delivery", () => {
    const lead = record({ formService: delivery("delivered", 2), automationWebhook: delivery("delivered", 5) });
    expect(lastDeliveredAt(lead)).toBe(at(5).getTime());
    expect(removalReason(lead, settings, at(34.9))).toBeNull();
    expect(removalReason(lead, settings, at(35))).toBe("delivered");
    expect(removalReason(lead, { ...settings, retentionDays: 0 }, at(5))).toBe("delivered");
  });

  it("keeps what is not delivered everywhere until the maximum age, then removes anything", () => {
    const partly = record({ formService: delivery("delivered", 1), automationWebhook: delivery("pending") });
    const failed = record({ automationWebhook: delivery("failed") });
    for (const lead of [partly, failed]) {
      expect(removalReason(lead, settings, at(364))).toBeNull();
      expect(removalReason(lead, settings, at(365))).toBe("max-age");
    }
    expect(removalReason(record({}, "not a date"), settings, at(0))).toBe("max-age");
  });
});
