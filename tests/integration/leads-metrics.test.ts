// The metrics an operator scrapes at /metrics, from the lead action and the store the server uses: the
// token check (none set: the path does not exist), every form's counters at 0 from the start, the
// counters moving as leads are accepted and refused (invalid, rate_limited, spam, too_large), and the
// store-wide backlog gauges, on the spool and on PostgreSQL (also while the database cannot be reached).
import { inject } from "vitest";

import { stopLeadDelivery } from "~/leads/backend.server";
import { metricsRoute } from "~/metrics/route.server";
import { action as landingAction } from "~/routes/_index";
import { loader as healthLoader } from "~/routes/healthz";
import { action as plansAction } from "~/routes/mensual";

import { freshLeadEnvironment, post, useLeadDestinations, VALID_CONTACT } from "../support/leads";
import { metricValue, seriesOf } from "../support/metrics";
import { createDatabase } from "../support/postgres";

const postgresUrl = inject("postgresUrl");
const TOKEN = "s3cret-token-for-tests";

function scrape(authorization?: string) {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  return metricsRoute({ request: new Request("http://localhost/metrics", { headers }) });
}

async function scrapeText(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response?.status).toBe(200);
  return response!.text();
}

/** The value of one sample line in a scrape, e.g. `leads_pending{destination="automation"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const { destinations } = useLeadDestinations();
afterAll(() => stopLeadDelivery());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

describe("the /metrics endpoint", () => {
  it("does not exist without METRICS_TOKEN: the server answers it like any unknown path", async () => {
    expect(await scrape(`Bearer ${TOKEN}`)).toBeNull();
    process.env.METRICS_TOKEN = "   ";
    expect(await scrape(`Bearer ${TOKEN}`)).toBeNull();
  });

  it("answers 401 without metrics to a request without the token or with another one", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const authorization of [
      undefined,
      "",
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      "Bearer ",
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${"x".repeat(10_000)}`,
    ]) {
      const response = await scrape(authorization);
      expect(response?.status, String(authorization).slice(0, 40)).toBe(401);
      expect(response?.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const body = await response!.text();
      expect(body).not.toContain("leads_");
      expect(body).not.toContain("process_");
    }
  });

  it("answers the Prometheus text format with every form's series at 0 and the process metrics", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `]) {
      const response = await scrape(authorization);
      expect(response?.status).toBe(200);
      expect(response?.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response?.headers.get("cache-control")).toContain("no-store");
    }
    const text = await scrapeText();
    for (const form of ["contact", "calculator", "monthly_plan", "cpl_plan", "service_start", "campaign"]) {
      expect(sample(text, `leads_received_total{form="${form}"}`)).toBeTypeOf("number");
      for (const reason of ["invalid", "rate_limited", "spam", "too_large"]) {
        expect(sample(text, `leads_refused_total{form="${form}",reason="${reason}"}`)).toBeTypeOf("number");
      }
    }
    for (const destination of ["form_service", "automation"]) {
      for (const result of ["delivered", "failed", "gave_up"]) {
        expect(sample(text, `lead_deliveries_total{destination="${destination}",result="${result}"}`)).toBeTypeOf(
          "number",
        );
      }
      expect(sample(text, `lead_delivery_duration_seconds_count{destination="${destination}"}`)).toBeTypeOf("number");
      expect(sample(text, `leads_pending{destination="${destination}"}`)).toBeTypeOf("number");
    }
    expect(sample(text, "lead_oldest_pending_seconds")).toBeTypeOf("number");
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE lead_delivery_duration_seconds histogram");
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});

describe("lead counters", () => {
  it("count accepted leads by form, and refusals by form and reason", async () => {
    await freshLeadEnvironment({ FORM_RATE_LIMIT: "2" });
    const received = () => metricValue("leads_received_total", { form: "contact" });
    const refused = (reason: string, form = "contact") => metricValue("leads_refused_total", { form, reason });
    const before = {
      received: await received(),
      monthly: await metricValue("leads_received_total", { form: "monthly_plan" }),
      invalid: await refused("invalid"),
      spam: await refused("spam"),
      limited: await refused("rate_limited"),
      large: await refused("too_large"),
    };

    expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.10" })).status).toBe(200);
    expect(await received()).toBe(before.received + 1);

    expect((await post(landingAction, { ...VALID_CONTACT, email: "no" }, { ip: "198.51.100.11" })).status).toBe(400);
    expect(await refused("invalid")).toBe(before.invalid + 1);

    expect((await post(landingAction, { ...VALID_CONTACT, website: "x" }, { ip: "198.51.100.12" })).status).toBe(200);
    expect(await refused("spam")).toBe(before.spam + 1);
    expect(await received()).toBe(before.received + 1);

    for (const expected of [200, 200, 429]) {
      expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.13" })).status).toBe(expected);
    }
    expect(await refused("rate_limited")).toBe(before.limited + 1);
    expect(await received()).toBe(before.received + 3);

    const large = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(1024 * 1024 + 1) },
      body: "nombre=x",
    });
    expect((await landingAction({ request: large, params: {}, context: {} })).status).toBe(413);
    expect(await refused("too_large")).toBe(before.large + 1);

    const monthly = { intent: "plan-mensual", ...VALID_CONTACT, empresa: "Transportes Ana" };
    expect((await post(plansAction, monthly, { ip: "198.51.100.14", path: "/mensual" })).status).toBe(200);
    expect(await metricValue("leads_received_total", { form: "monthly_plan" })).toBe(before.monthly + 1);
    await waitForDeliveries(7);
  });
});

async function waitForDeliveries(count: number) {
  await vi.waitFor(() => expect(destinations.deliveries.length).toBeGreaterThanOrEqual(count), { timeout: 20_000 });
}

function describeBacklogGauges(name: string, environment: () => Promise<Record<string, string | undefined>>) {
  describe(`backlog gauges (${name})`, () => {
    it("show deliveries not yet made per destination and the oldest one's age; /healthz shows the age too", async () => {
      await freshLeadEnvironment({ ...(await environment()), FORM_SERVICE_URL: undefined });
      process.env.METRICS_TOKEN = TOKEN;
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      try {
        expect(sample(await scrapeText(), 'leads_pending{destination="form_service"}')).toBe(0);
        expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.20" })).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await waitForDeliveries(1);
        const text = await scrapeText();
        expect(sample(text, 'leads_pending{destination="form_service"}')).toBe(1);
        expect(sample(text, 'leads_pending{destination="automation"}')).toBe(0);
        expect(sample(text, "lead_oldest_pending_seconds")).toBeGreaterThanOrEqual(1);
        const health = (await (await healthLoader()).json()) as { oldestPendingSeconds: number };
        expect(health.oldestPendingSeconds).toBeGreaterThanOrEqual(1);
        expect(health.oldestPendingSeconds).toBeLessThan(60);
      } finally {
        warn.mockRestore();
      }
    });
  });
}

describeBacklogGauges("spool", async () => ({}));

describe.skipIf(!postgresUrl)("PostgreSQL", () => {
  describeBacklogGauges("PostgreSQL", async () => ({ DATABASE_URL: await createDatabase(postgresUrl!) }));

  it("a scrape while the database cannot be reached still answers 200, within seconds", async () => {
    // A port nothing listens on: every query fails (after the pool's connection time-out at most).
    await freshLeadEnvironment({ DATABASE_URL: "postgres://postgres@127.0.0.1:9/none" });
    process.env.METRICS_TOKEN = TOKEN;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const started = Date.now();
      const text = await scrapeText();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(seriesOf(text)).toContain('leads_received_total{form="contact"}');
      expect(sample(text, "lead_oldest_pending_seconds")).toBeTypeOf("number");
    } finally {
      warn.mockRestore();
      await stopLeadDelivery();
    }
  });
});
