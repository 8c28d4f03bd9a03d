// A store that cannot write (a full disk, a read-only one, an I/O error) answers a valid lead with 503 and
// Retry-After, the visitor's values and the spec's Spanish failure message, and counts it in
// leads_store_failures_total{form,reason}. The failure is injected where the disk answers (node:fs).
import { promises as fsPromises } from "node:fs";

import { storeFailureReason } from "~/leads/store.server";
import { action as landingAction } from "~/routes/_index";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";

import { freshLeadEnvironment, post, spoolFiles, useLeadDestinations, VALID_CONTACT } from "../support/leads";
import { metricValue } from "../support/metrics";

const { destinations, dataDir } = useLeadDestinations();

/** A system error as node:fs throws it. */
function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated, open`), { code, errno: -1, syscall: "open" });
}

/** From now on, opening a spool file for writing fails with `code` (what a full or broken disk answers). */
function diskFails(code: string) {
  const open = fsPromises.open.bind(fsPromises);
  return vi.spyOn(fsPromises, "open").mockImplementation(async (file, flags, mode) => {
    if (flags === "wx" && String(file).includes(`${dataDir()}`)) throw systemError(code);
    return open(file, flags, mode);
  });
}

const failures = (reason: string, form = "contact") => metricValue("leads_store_failures_total", { form, reason });

afterEach(() => vi.restoreAllMocks());

describe("a lead the store cannot keep", () => {
  it("full disk (ENOSPC): 503, Retry-After, the values and 'Error al enviar'; counted as no_space", async () => {
    await freshLeadEnvironment({ DATA_DIR: dataDir() });
    const before = {
      noSpace: await failures("no_space"),
      received: await metricValue("leads_received_total", { form: "contact" }),
    };
    const spy = diskFails("ENOSPC");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { status, headers, data } = await post(landingAction, VALID_CONTACT, { ip: "198.51.100.50" });
    expect(spy).toHaveBeenCalled();
    expect(status).toBe(503);
    expect(Number(headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(headers.get("cache-control")).toContain("no-store");
    expect(data).toEqual({
      ok: false,
      form: "contacto",
      toast: {
        title: "Error al enviar",
        description: "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
        variant: "destructive",
      },
      values: { ...VALID_CONTACT },
    });
    expect(await failures("no_space")).toBe(before.noSpace + 1);
    expect(await metricValue("leads_received_total", { form: "contact" })).toBe(before.received);
    expect(errors.mock.calls.map((call) => String(call[0])).join("\n")).toContain('"reason":"no_space"');
    expect(spoolFiles(dataDir(), "pending")).toEqual([]);
    expect(destinations.attempts).toEqual([]);

    // Space again: the same visitor's retry is stored.
    spy.mockRestore();
    expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.50" })).status).toBe(200);
    expect(spoolFiles(dataDir(), "pending")).toHaveLength(1);
  });

  it.each([
    ["EDQUOT", "no_space"],
    ["EROFS", "read_only"],
    ["EIO", "io_error"],
  ])("%s: 503 counted as %s, for the form that was posted", async (code, reason) => {
    await freshLeadEnvironment({ DATA_DIR: dataDir() });
    const before = await failures(reason, "service_start");
    diskFails(code);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fields = {
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
    const { status, headers, data } = await post(serviceStartAction, fields, { path: "/iniciar-servicio" });
    expect(status, JSON.stringify(data)).toBe(503);
    expect(headers.get("retry-after")).toMatch(/^\d+$/);
    expect(data.values).toMatchObject(fields);
    expect(data.toast?.title).toBe("Error al enviar");
    expect(await failures(reason, "service_start")).toBe(before + 1);
  });
});

describe("storeFailureReason", () => {
  it("reads the system error's code, or its cause's; anything else is 'other'", () => {
    expect(storeFailureReason(systemError("ENOSPC"))).toBe("no_space");
    expect(storeFailureReason(new Error("wrapped", { cause: systemError("EROFS") }))).toBe("read_only");
    expect(storeFailureReason(systemError("ENOTDIR"))).toBe("other");
    expect(storeFailureReason(new Error("database refused"))).toBe("other");
    expect(storeFailureReason(null)).toBe("other");
    expect(storeFailureReason("ENOSPC")).toBe("other");
  });
});
