// Property-based fuzz of every form endpoint (fast-check): any body, any Content-Type, any Cookie header.
// Never a 5xx, never a delivery of something the action refused, and a valid lead is always stored
// and delivered whatever cookies come with it.
import fc from "fast-check";

import { leadDeliveryIdle } from "~/leads/backend.server";
import { action as landingAction } from "~/routes/_index";
import { action as consentAction } from "~/routes/api.consent";
import { action as calculatorAction } from "~/routes/calculadora";
import { action as contactAction } from "~/routes/contacto";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";
import { action as plansAction } from "~/routes/mensual";

import { spoolFiles, useLeadDestinations, VALID_CONTACT } from "../support/leads";

const { destinations, dataDir } = useLeadDestinations();

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

const ENDPOINTS: Array<[string, Action]> = [
  ["/", landingAction],
  ["/contacto", contactAction],
  ["/calculadora", calculatorAction],
  ["/mensual", plansAction],
  ["/iniciar-servicio", serviceStartAction],
  ["/api/consent", consentAction],
];

/** Text a header can carry (visible Latin-1 and spaces: what an HTTP client can put on the wire). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength });

const cookieName = fc.oneof(fc.constantFrom("cookie_consent", "origen_visita", "_ga", "__session", ""), headerText(12));
const cookieValue = fc.oneof(
  fc.constantFrom("%", "%E0%A4%A", "v1.a1.p1", "v1.a0.p0", '"v1.a1.p1', "%7B%22gclid%22%3A%22x%22%7D", "{}", "null"),
  headerText(40),
);
const cookieHeader = fc
  .tuple(fc.array(fc.tuple(cookieName, cookieValue), { maxLength: 5 }), fc.constantFrom("; ", ";"))
  .map(([pairs, separator]) => pairs.map(([name, value]) => `${name}=${value}`).join(separator));

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded; charset=utf-8",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/json",
      "text/plain",
      "application/octet-stream",
    ),
    headerText(40),
  ),
);

const contact = VALID_CONTACT;

const formFields = fc.dictionary(
  fc.constantFrom("nombre", "email", "telefono", "sector", "mensaje", "intent", "website", "origen", "decision", "x"),
  fc.string({ maxLength: 60 }),
);
const body = fc.oneof(
  fc.string({ maxLength: 300 }),
  formFields.map((fields) => new URLSearchParams(fields).toString()),
  fc.uint8Array({ maxLength: 300 }),
  fc.constant(""),
  // A valid contact lead, sometimes with the honeypot filled or a field spoilt.
  fc
    .tuple(fc.constantFrom("", "", "x", " "), fc.constantFrom("email", "telefono", "mensaje"), fc.option(fc.string()))
    .map(([website, field, spoilt]) =>
      new URLSearchParams({ ...contact, website, ...(spoilt === null ? {} : { [field]: spoilt }) }).toString(),
    ),
);

/** True when the body is a form whose honeypot is filled: answered like a success, never kept. */
function honeypotFilled(payload: string | Uint8Array, type: string | null): boolean {
  if (typeof payload !== "string" || (type !== null && !/^application\/x-www-form-urlencoded/i.test(type)))
    return false;
  return Boolean(new URLSearchParams(payload).get("website")?.trim());
}

function request(path: string, payload: string | Uint8Array, type: string | null, cookie: string): Request {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const built = new Request(`http://localhost${path}`, { method: "POST", body: payload as BodyInit, headers });
  if (type === null) built.headers.delete("content-type");
  else built.headers.set("content-type", type);
  return built;
}

async function call(action: Action, built: Request): Promise<{ status: number; id?: string }> {
  let response: unknown;
  try {
    response = await action({ request: built, params: {}, context: { clientIp: "203.0.113.9" } });
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  const answer = response as Response;
  const isJson = answer.headers.get("content-type")?.includes("json");
  const data = isJson ? ((await answer.json()) as { ok?: boolean; id?: string }) : {};
  return { status: answer.status, id: data.ok ? data.id : undefined };
}

it("answers any body, Content-Type and Cookie on every form endpoint without a 5xx, and delivers only what it accepted", async () => {
  const accepted = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...ENDPOINTS),
      body,
      contentType,
      cookieHeader,
      async ([path, action], payload, type, cookie) => {
        const { status, id } = await call(action, request(path, payload, type, cookie));
        expect(status).toBeLessThan(500);
        if (id && !honeypotFilled(payload, type)) accepted.add(id);
      },
    ),
    {
      numRuns: 300,
      // A valid lead runs first whatever the seed: the random ones are valid too rarely to count on one.
      examples: [
        [ENDPOINTS[1]!, new URLSearchParams(contact).toString(), "application/x-www-form-urlencoded", ""],
        [ENDPOINTS[1]!, new URLSearchParams(contact).toString(), "application/x-www-form-urlencoded", "%=%E0%A4%A"],
      ],
    },
  );
  await leadDeliveryIdle();
  expect(accepted.size).toBeGreaterThanOrEqual(2);
  for (const delivery of destinations.attempts) expect(accepted).toContain(delivery.idempotencyKey);
  const stored = [...spoolFiles(dataDir(), "pending"), ...spoolFiles(dataDir(), "delivered")];
  for (const file of stored) expect(accepted).toContain(file.replace(/\.json$/, ""));
}, 60_000);

it("stores and delivers a valid lead whatever cookies and hidden origen come with it", async () => {
  const ids: string[] = [];
  await fc.assert(
    fc.asyncProperty(cookieHeader, fc.string({ maxLength: 200 }), async (cookie, origen) => {
      const built = request("/contacto", new URLSearchParams({ ...contact, origen }).toString(), null, cookie);
      built.headers.set("content-type", "application/x-www-form-urlencoded");
      const { status, id } = await call(contactAction, built);
      expect(status).toBe(200);
      expect(id).toEqual(expect.any(String));
      ids.push(id!);
    }),
    { numRuns: 60 },
  );
  await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(ids.length * 2), { timeout: 20_000 });
  expect(new Set(destinations.deliveries.map((delivery) => delivery.idempotencyKey))).toEqual(new Set(ids));
}, 60_000);
