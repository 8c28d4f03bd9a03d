// Delivery until the destination has it: stored before success is answered, retried on 5xx, network
// errors and hangs with the same Idempotency-Key, resumed by a new worker, kept as failed, never lost.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { leadDeliveryIdle, stopLeadDelivery } from "~/leads/backend.server";
import { deliverySettings } from "~/leads/config.server";
import { retryDelayMs } from "~/leads/config.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";
import { action as landingAction } from "~/routes/_index";
import { loader as healthLoader } from "~/routes/healthz";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";

import {
  AUTOMATION_WEBHOOK_URL,
  createDestinations,
  freshLeadEnvironment,
  post,
  readSpoolRecord,
  spoolFiles,
  VALID_CONTACT,
} from "../support/leads";

const destinations = createDestinations();

beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  await stopLeadDelivery();
  destinations.server.close();
});
beforeEach(() => destinations.reset());

const contact = VALID_CONTACT;

const serviceStart = {
  nombre: "Marta Ruiz",
  email: "marta@reformas.es",
  telefono: "611 000 111",
  empresa: "Reformas Ruiz",
  descripcionNegocio: "Reformas",
  publicoObjetivo: "Particulares",
  serviciosProductos: "Cocinas",
  objetivos: "Presupuestos",
  planSeleccionado: "presencia-activa",
};

const waitUntil = (check: () => void | Promise<void>, timeout = 5000) => vi.waitFor(check, { timeout, interval: 10 });

async function health() {
  const response = await healthLoader();
  return ((await response.json()) as { submissions: { pending: number; failed: number } }).submissions;
}

it("answers success only once the submission is on disk, before any destination has it", async () => {
  // The destinations hang: a short time-out ends the attempts, so that stopping the worker waits for none.
  const dataDir = await freshLeadEnvironment({ DELIVERY_TIMEOUT_MS: "300" });
  destinations.answerAll("hang");
  const { status, data } = await post(landingAction, contact);
  expect(status).toBe(200);
  // The answer came while both destinations still hang: the record is already stored in DATA_DIR.
  expect(destinations.deliveries).toHaveLength(0);
  const record = readSpoolRecord(dataDir, "pending", data.id);
  expect(record).toMatchObject({
    id: data.id,
    form: "contacto",
    payload: { nombre: "Ana García", tipo: "Consulta General" },
  });
  expect(await health()).toEqual({ pending: 1, failed: 0 });
});

it("answers 503 with the spec's failure toast and every field when the submission cannot be stored", async () => {
  const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "leads-blocked-")), "not-a-directory");
  fs.writeFileSync(blocker, "a file where DATA_DIR should be");
  await freshLeadEnvironment({ DATA_DIR: blocker });
  const { status, headers, data } = await post(landingAction, contact);
  expect(status).toBe(503);
  expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
  expect(data).toEqual({
    ok: false,
    form: "contacto",
    toast: {
      title: "Error al enviar",
      description: "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
      variant: "destructive",
    },
    values: { ...contact },
  });
  await leadDeliveryIdle();
  expect(destinations.attempts).toHaveLength(0);
});

it("the worker goes idle only once every attempt under way has been answered", async () => {
  await freshLeadEnvironment();
  await post(landingAction, contact);
  await leadDeliveryIdle();
  expect(destinations.deliveries.map((delivery) => delivery.destination).sort()).toEqual([
    "automationWebhook",
    "formService",
  ]);
});

it("a destination answering 500 then 200 receives the lead again with the same Idempotency-Key", async () => {
  const dataDir = await freshLeadEnvironment();
  destinations.queue("automationWebhook", "500");
  const { data } = await post(serviceStartAction, serviceStart);
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
  expect(destinations.attempts.map((attempt) => attempt.idempotencyKey)).toEqual([data.id, data.id]);
  expect(destinations.attempts[1]?.body).toEqual(destinations.attempts[0]?.body);
  await waitUntil(() => expect(spoolFiles(dataDir, "delivered")).toEqual([`${data.id}.json`]));
  expect(readSpoolRecord(dataDir, "delivered", data.id).deliveries.automationWebhook).toMatchObject({
    state: "delivered",
    attempts: 2,
  });
});

it("tracks each destination apart: only the one that failed is sent again", async () => {
  await freshLeadEnvironment();
  destinations.queue("formService", "500", "500");
  const { data } = await post(landingAction, contact);
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(2));
  const byDestination = (name: string) => destinations.attempts.filter((attempt) => attempt.destination === name);
  expect(byDestination("formService").map((attempt) => attempt.idempotencyKey)).toEqual([data.id, data.id, data.id]);
  expect(byDestination("automationWebhook")).toHaveLength(1);
});

it("retries after a network error", async () => {
  await freshLeadEnvironment();
  destinations.queue("automationWebhook", "network-error");
  const { data } = await post(serviceStartAction, serviceStart);
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
  expect(destinations.attempts.map((attempt) => attempt.idempotencyKey)).toEqual([data.id, data.id]);
});

it("gives up on an attempt that hangs (per-attempt time-out) and retries it", async () => {
  await freshLeadEnvironment({ DELIVERY_TIMEOUT_MS: "150" });
  destinations.queue("automationWebhook", "hang");
  const { data } = await post(serviceStartAction, serviceStart);
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
  expect(destinations.attempts.map((attempt) => attempt.idempotencyKey)).toEqual([data.id, data.id]);
});

it("a new worker over the same DATA_DIR delivers what was pending (restart)", async () => {
  // The first process stores the lead but cannot deliver it (no webhook address yet), then stops.
  const dataDir = await freshLeadEnvironment({ AUTOMATION_WEBHOOK_URL: undefined });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const { data } = await post(serviceStartAction, serviceStart);
  await stopLeadDelivery();
  warn.mockRestore();
  expect(spoolFiles(dataDir, "pending")).toEqual([`${data.id}.json`]);
  expect(destinations.attempts).toHaveLength(0);

  // The next process (same DATA_DIR, now configured) delivers it at start, with the same key.
  process.env.AUTOMATION_WEBHOOK_URL = AUTOMATION_WEBHOOK_URL;
  const restarted = new SpoolLeadStore(deliverySettings());
  await restarted.start();
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
  expect(destinations.deliveries[0]?.idempotencyKey).toBe(data.id);
  expect(destinations.deliveries[0]?.body).toMatchObject({ tipo: "Iniciar Servicio Web", nombre: "Marta Ruiz" });
  await waitUntil(() => {
    expect(spoolFiles(dataDir, "delivered")).toEqual([`${data.id}.json`]);
    expect(spoolFiles(dataDir, "pending")).toEqual([]);
  });
  await restarted.stop();
});

it("a half-written record (a crash during a write) never counts and never blocks the others", async () => {
  const dataDir = await freshLeadEnvironment();
  const pendingDir = path.join(dataDir, "leads", "pending");
  fs.mkdirSync(pendingDir, { recursive: true });
  fs.writeFileSync(path.join(pendingDir, ".abc.json.123.tmp"), '{"id":"abc","form":"cont');
  const { data } = await post(serviceStartAction, serviceStart);
  await waitUntil(() => expect(destinations.deliveries).toHaveLength(1));
  expect(destinations.deliveries[0]?.idempotencyKey).toBe(data.id);
  await waitUntil(async () => expect(await health()).toEqual({ pending: 0, failed: 0 }));
});

it("keeps a submission as failed after the last attempt, never deleting it", async () => {
  const dataDir = await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "3" });
  destinations.answerAll("500");
  const { data } = await post(serviceStartAction, serviceStart);
  await waitUntil(() => expect(spoolFiles(dataDir, "failed")).toEqual([`${data.id}.json`]));
  await waitUntil(() => expect(spoolFiles(dataDir, "pending")).toEqual([]));
  expect(destinations.attempts).toHaveLength(3);
  expect(readSpoolRecord(dataDir, "failed", data.id).deliveries.automationWebhook).toMatchObject({
    state: "failed",
    attempts: 3,
    lastError: "HTTP 500",
  });
  expect(await health()).toEqual({ pending: 0, failed: 1 });
});

it("keeps the submission and logs a warning when a destination is not configured", async () => {
  const dataDir = await freshLeadEnvironment({ AUTOMATION_WEBHOOK_URL: undefined });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const { status, data } = await post(landingAction, contact);
    expect(status).toBe(200);
    await waitUntil(() =>
      expect(destinations.deliveries.map((delivery) => delivery.destination)).toEqual(["formService"]),
    );
    await waitUntil(() => expect(warn.mock.calls.flat().join("\n")).toContain("AUTOMATION_WEBHOOK_URL"));
    await waitUntil(() =>
      expect(readSpoolRecord(dataDir, "pending", data.id).deliveries).toMatchObject({
        formService: { state: "delivered" },
        automationWebhook: { state: "pending", attempts: 0 },
      }),
    );
    expect(await health()).toEqual({ pending: 1, failed: 0 });
  } finally {
    warn.mockRestore();
  }
});

describe("retry delays", () => {
  const settings = { retryBaseMs: 30_000, maxRetryDelayMs: 3_600_000 };
  it("start at DELIVERY_RETRY_BASE_MS and double, with jitter between 0.75× and 1.25×", () => {
    expect(retryDelayMs(1, settings, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, settings, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(3, settings, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(1, settings, () => 0)).toBe(22_500);
    expect(retryDelayMs(1, settings, () => 1)).toBe(37_500);
  });
  it("never wait more than an hour", () => {
    expect(retryDelayMs(20, settings, () => 0.5)).toBe(3_600_000);
  });
});

describe("npm run leads", () => {
  const cli = (dataDir: string, ...args: string[]) =>
    execFileSync(process.execPath, [path.resolve("scripts/leads.mjs"), ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });

  it("lists failed submissions and re-queues them; the running worker then delivers them", async () => {
    const dataDir = await freshLeadEnvironment({ DELIVERY_MAX_ATTEMPTS: "1" });
    destinations.answerAll("500");
    const { data } = await post(serviceStartAction, serviceStart);
    await waitUntil(() => {
      expect(spoolFiles(dataDir, "failed")).toEqual([`${data.id}.json`]);
      expect(spoolFiles(dataDir, "pending")).toEqual([]);
    });

    const listed = cli(dataDir, "list");
    expect(listed).toContain("0 pending, 1 failed, 0 delivered");
    expect(listed).toContain(data.id);
    expect(listed).toContain("HTTP 500");
    expect(JSON.parse(cli(dataDir, "list", "--json"))).toMatchObject([
      { id: data.id, state: "failed", form: "iniciar-servicio" },
    ]);

    destinations.answerAll("ok");
    expect(cli(dataDir, "retry", data.id)).toContain(`Re-queued ${data.id}`);
    expect(spoolFiles(dataDir, "failed")).toEqual([]);
    await waitUntil(() => expect(destinations.deliveries).toHaveLength(1), 10_000);
    expect(destinations.deliveries[0]?.idempotencyKey).toBe(data.id);
  }, 15_000);
});
