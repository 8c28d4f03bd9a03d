/**
 * Lead-capture test rig: msw stands in for the two destinations (recording every delivery), each test
 * file gets its own DATA_DIR, and route actions are called the way Remix calls them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach } from "vitest";

import type { LeadActionData } from "~/forms/shared";
import { resetFormRateLimiter, stopLeadDelivery } from "~/leads/backend.server";

export const FORM_SERVICE_URL = "http://127.0.0.1:9/form-service/submit";
export const AUTOMATION_WEBHOOK_URL = "http://127.0.0.1:9/automation/webhook";

export interface Delivery {
  destination: "formService" | "automationWebhook";
  idempotencyKey: string | null;
  contentType: string | null;
  body: Record<string, unknown>;
}

/** How a destination answers the next requests: a queue, then 200 for everything after it. */
export type Behaviour = "ok" | "500" | "network-error" | "hang" | "held";

export function createDestinations() {
  const deliveries: Delivery[] = [];
  const attempts: Delivery[] = [];
  const queues: Record<Delivery["destination"], Behaviour[]> = { formService: [], automationWebhook: [] };
  let fallback: Behaviour = "ok";
  /** Answers kept for one address whatever the queue and the fallback say (a control lead's). */
  const byEmail = new Map<string, Behaviour>();
  /** Requests held by `holdNext`, answered when released. */
  const held: { reached: () => void; answer: Promise<"ok" | "500"> }[] = [];

  const handler = (destination: Delivery["destination"], url: string) =>
    http.post(url, async ({ request }) => {
      const record: Delivery = {
        destination,
        idempotencyKey: request.headers.get("idempotency-key"),
        contentType: request.headers.get("content-type"),
        body: (await request.json()) as Record<string, unknown>,
      };
      attempts.push(record);
      const email = typeof record.body.email === "string" ? record.body.email : "";
      let behaviour: Behaviour | "ok" | "500" = byEmail.get(email) ?? queues[destination].shift() ?? fallback;
      if (behaviour === "held") {
        const gate = held.shift()!;
        gate.reached();
        behaviour = await gate.answer;
      }
      if (behaviour === "500") return new HttpResponse(null, { status: 500 });
      if (behaviour === "network-error") return HttpResponse.error();
      if (behaviour === "hang") {
        await delay("infinite");
      }
      deliveries.push(record);
      return HttpResponse.json({ ok: true });
    });

  const server = setupServer(
    handler("formService", FORM_SERVICE_URL),
    handler("automationWebhook", AUTOMATION_WEBHOOK_URL),
  );

  return {
    server,
    /** Deliveries answered 2xx. */
    deliveries,
    /** Every request that reached a destination, answered or not. */
    attempts,
    queue(destination: Delivery["destination"], ...behaviours: Behaviour[]) {
      queues[destination].push(...behaviours);
    },
    /**
     * Holds the next request to `destination` until `release` is called with its answer; `reached`
     * resolves once the request has arrived (an attempt is then under way).
     */
    holdNext(destination: Delivery["destination"]) {
      let reached!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      let release!: (answer: "ok" | "500") => void;
      const answer = new Promise<"ok" | "500">((resolve) => (release = resolve));
      held.push({ reached, answer });
      queues[destination].push("held");
      return { reached: arrived, release };
    },
    /** What every request for `email` gets, before the queue and the fallback. */
    answerFor(email: string, behaviour: Behaviour) {
      byEmail.set(email, behaviour);
    },
    /** What every request gets once the queue is empty. */
    answerAll(behaviour: Behaviour) {
      fallback = behaviour;
    },
    reset() {
      deliveries.length = 0;
      attempts.length = 0;
      queues.formService.length = 0;
      queues.automationWebhook.length = 0;
      fallback = "ok";
      byEmail.clear();
    },
  };
}

const BASE_ENV = {
  FORM_SERVICE_URL,
  AUTOMATION_WEBHOOK_URL,
  DELIVERY_RETRY_BASE_MS: "20",
  // The product's default. An attempt ends when the stand-in answers (or a test releases a held one), never
  // by this clock: at 300 ms, a loaded host timed out attempts that were meant to succeed or to be held,
  // and the tests counting attempts failed (docs/testing.md). A test whose destination hangs sets a short one.
  DELIVERY_TIMEOUT_MS: "10000",
  DELIVERY_MAX_ATTEMPTS: "6",
  FORM_RATE_LIMIT: "1000",
};

/** A fresh DATA_DIR and the delivery settings for one test; the worker of the previous test is stopped. */
export async function freshLeadEnvironment(overrides: Record<string, string | undefined> = {}): Promise<string> {
  await stopLeadDelivery();
  resetFormRateLimiter();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leads-test-"));
  Object.assign(process.env, BASE_ENV, { DATA_DIR: dataDir });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return dataDir;
}

/**
 * The usual hooks of a lead test file (or describe block): the stand-in destinations listen throughout,
 * and every test starts with a fresh DATA_DIR (`dataDir()`), settings and empty delivery queues.
 */
export function useLeadDestinations() {
  const destinations = createDestinations();
  let dataDir = "";
  beforeAll(() => destinations.server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => destinations.server.close());
  beforeEach(async () => {
    dataDir = await freshLeadEnvironment();
    destinations.reset();
  });
  return { destinations, dataDir: () => dataDir };
}

export function spoolFiles(dataDir: string, state: "pending" | "failed" | "delivered"): string[] {
  const directory = path.join(dataDir, "leads", state);
  return fs.existsSync(directory) ? fs.readdirSync(directory).filter((name) => name.endsWith(".json")) : [];
}

export function readSpoolRecord(dataDir: string, state: "pending" | "failed" | "delivered", id: string) {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "leads", state, `${id}.json`), "utf8"));
}

type Stored = Extract<LeadActionData, { ok: true }>;
type Refused = Extract<LeadActionData, { ok: false }>;
/** An action's JSON answer with the fields of both outcomes readable without narrowing first (a test
 * reading a field of the other outcome fails on its value). */
type LeadAnswer = Pick<LeadActionData, "ok"> &
  Omit<Stored, "ok"> &
  Required<Pick<Refused, "toast" | "fieldErrors" | "values">> &
  Pick<Refused, "unreachable">;

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

export interface PostOptions {
  ip?: string;
  headers?: Record<string, string>;
  path?: string;
}

/** Calls a route action with an urlencoded (or, given FormData, multipart) POST, as Remix would. */
export async function post(
  action: Action,
  fields: Record<string, string> | FormData,
  { ip = "203.0.113.7", headers = {}, path = "/" }: PostOptions = {},
) {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  const response = await action({ request, params: {}, context: { clientIp: ip } });
  return { status: response.status, headers: response.headers, data: (await response.json()) as LeadAnswer };
}

/** Fixes `new Date()` (only the date: timers keep running) for exact payload dates. */
export const FIXED_NOW = new Date("2024-07-15T07:05:00.000Z");
export const FIXED_FECHA_ENVIO = /^15 de julio de 2024(,| a las) 09:05$/;

/** A landing contact form that passes validation (empty optional empresa). */
export const VALID_CONTACT = {
  nombre: "Ana García",
  email: "ana@empresa.es",
  telefono: "600 111 222",
  empresa: "",
  sector: "Logística",
  mensaje: "Hola",
};

/**
 * Every file under a DATA_DIR, read as text (the erasure audit left out: it keeps ids by design). The server may
 * move a lead between folders while this reads (pending → delivered, as its delivery ends): a file gone mid-walk
 * starts the walk again instead of failing. A lead moved into a folder already read can still be missed by one
 * pass, so a test that looks for a lead waits for it (`expect.poll`).
 */
export function dataDirText(dataDir: string): string {
  for (let attempt = 1; ; attempt++) {
    try {
      return readDataDirOnce(dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 20) throw error;
    }
  }
}

function readDataDirOnce(dataDir: string): string {
  const texts: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(dataDir, "audit")) walk(full);
      } else {
        texts.push(`${full}\n${fs.readFileSync(full, "utf8")}`);
      }
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir);
  return texts.join("\n");
}

/** The erasure audit lines of a DATA_DIR (the embedded store). */
export function dataDirErasureAudit(dataDir: string): { submissions: number; ids: string[] }[] {
  const file = path.join(dataDir, "audit", "erasures.ndjson");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const { submissions, ids } = JSON.parse(line) as { submissions: number; ids: string[] };
      return { submissions, ids };
    });
}
