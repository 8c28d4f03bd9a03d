// The behaviour every ExperimentCounter keeps, whatever stores it: run by each store's test file with a
// factory that opens a fresh store and one that reopens the same store (a restart).
import { type ExperimentCounter } from "~/leads/experiment-counts.server";

export interface CounterStoreFactory {
  /** A store with no counts. */
  fresh(): Promise<ExperimentCounter>;
  /** The store last made by `fresh`, opened again as a new process would. */
  reopen(): Promise<ExperimentCounter>;
}

/** Browser ids as the experiment cookie carries them (22 base64url characters). */
export const BROWSER_ANA = "QW5hLWJyb3dzZXItMDAwMQ";
export const BROWSER_LUIS = "THVpcy1icm93c2VyLTAwMQ";

/** A well-formed browser id made from a label (22 base64url characters), as a client could mint one. */
export function browserId(label: string): string {
  if (label.length > 16) throw new Error(`A browser id label has at most 16 characters: ${label}`);
  return Buffer.from(label.padEnd(16, ".")).toString("base64url");
}

export function describeExperimentCounterConformance(name: string, factory: () => CounterStoreFactory) {
  describe(`experiment counts (${name})`, () => {
    it("sums visitors, conversions and leads per experiment and variant, sorted", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("titular-reformas", "b", BROWSER_LUIS);
      counter.countVisitor("titular-reformas", "a");
      counter.countVisitor("titular-reformas", "a", BROWSER_ANA);
      counter.countLead("titular-reformas", "a", BROWSER_ANA);
      counter.countVisitor("formulario-corto", "control");
      expect(await counter.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "control", visitors: 1, conversions: 0, leads: 0 },
        { experiment: "titular-reformas", variant: "a", visitors: 2, conversions: 1, leads: 1 },
        { experiment: "titular-reformas", variant: "b", visitors: 1, conversions: 0, leads: 0 },
      ]);
    });

    it("converts a browser once per experiment: three leads are one conversion and three leads", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("titular-reformas", "b", BROWSER_ANA);
      counter.countVisitor("titular-reformas", "b", BROWSER_LUIS);
      counter.countVisitor("formulario-corto", "a", BROWSER_ANA);
      counter.countLead("titular-reformas", "b", BROWSER_ANA);
      counter.countLead("titular-reformas", "b", BROWSER_ANA);
      await counter.flush();
      counter.countLead("titular-reformas", "b", BROWSER_ANA);
      // Another browser converts on its own; the same browser in another experiment converts there too.
      counter.countLead("titular-reformas", "b", BROWSER_LUIS);
      counter.countLead("formulario-corto", "a", BROWSER_ANA);
      // A lead without a usable id (a cookie of the older format, a forged one) counts, converting nobody.
      counter.countLead("titular-reformas", "b", null);
      counter.countLead("titular-reformas", "b", "no-es-un-id");
      expect(await counter.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "a", visitors: 1, conversions: 1, leads: 1 },
        { experiment: "titular-reformas", variant: "b", visitors: 2, conversions: 2, leads: 6 },
      ]);
    });

    it("keeps the counts and who converted across a restart", async () => {
      const stores = factory();
      const before = await stores.fresh();
      for (let index = 0; index < 23; index += 1) before.countVisitor("titular-reformas", "a");
      before.countVisitor("titular-reformas", "a", BROWSER_ANA);
      before.countVisitor("titular-reformas", "a", BROWSER_LUIS);
      before.countLead("titular-reformas", "a", BROWSER_ANA);
      await before.flush();
      const after = await stores.reopen();
      after.countLead("titular-reformas", "a", BROWSER_ANA);
      after.countLead("titular-reformas", "a", BROWSER_LUIS);
      expect(await after.readCounts()).toEqual([
        { experiment: "titular-reformas", variant: "a", visitors: 25, conversions: 2, leads: 3 },
      ]);
    });

    it("forgets who converted in experiments no longer in content, keeping every count", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("titular-reformas", "a", BROWSER_ANA);
      counter.countVisitor("formulario-corto", "a", BROWSER_ANA);
      counter.countLead("titular-reformas", "a", BROWSER_ANA);
      counter.countLead("formulario-corto", "a", BROWSER_ANA);
      expect(await counter.forgetExperimentsExcept(["titular-reformas"])).toEqual(["formulario-corto"]);
      expect(await counter.forgetExperimentsExcept(["titular-reformas"])).toEqual([]);
      const after = await stores.reopen();
      // The kept experiment still knows the browser; the forgotten one no longer does (its ids are gone):
      // assigned again, it converts again there.
      after.countLead("titular-reformas", "a", BROWSER_ANA);
      after.countLead("formulario-corto", "a", BROWSER_ANA);
      after.countVisitor("formulario-corto", "a", BROWSER_ANA);
      after.countLead("formulario-corto", "a", BROWSER_ANA);
      expect(await after.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "a", visitors: 2, conversions: 2, leads: 3 },
        { experiment: "titular-reformas", variant: "a", visitors: 1, conversions: 1, leads: 2 },
      ]);
      expect(await after.forgetExperimentsExcept([])).toEqual(["formulario-corto", "titular-reformas"]);
    });

    it("converts only browsers the server assigned: 8 minted ids naming b convert nobody in b", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      // 12 honest visitors, 8 of them drawn into b; none sends a lead.
      const honest = Array.from({ length: 12 }, (_, index) => browserId(`honesto-${index}`));
      honest.forEach((id, index) => counter.countVisitor("titular-reformas", index < 8 ? "b" : "a", id));
      await counter.flush();
      // 8 posts whose cookies carry ids nobody was given, naming b: leads, delivered and counted, no conversion.
      for (let index = 0; index < 8; index += 1) {
        counter.countLead("titular-reformas", "b", browserId(`inventado-${index}`));
      }
      expect(await counter.readCounts()).toEqual([
        { experiment: "titular-reformas", variant: "a", visitors: 4, conversions: 0, leads: 0 },
        { experiment: "titular-reformas", variant: "b", visitors: 8, conversions: 0, leads: 8 },
      ]);
      // An honest visitor of b then sends two leads: one conversion.
      counter.countLead("titular-reformas", "b", honest[0]);
      counter.countLead("titular-reformas", "b", honest[0]);
      expect(await counter.readCounts()).toEqual([
        { experiment: "titular-reformas", variant: "a", visitors: 4, conversions: 0, leads: 0 },
        { experiment: "titular-reformas", variant: "b", visitors: 8, conversions: 1, leads: 10 },
      ]);
    });

    it("converts nobody for a real id naming a variant it was not given, nor in another experiment", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("titular-reformas", "a", BROWSER_ANA);
      counter.countLead("titular-reformas", "b", BROWSER_ANA);
      counter.countLead("formulario-corto", "a", BROWSER_ANA);
      expect(await counter.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "a", visitors: 0, conversions: 0, leads: 1 },
        { experiment: "titular-reformas", variant: "a", visitors: 1, conversions: 0, leads: 0 },
        { experiment: "titular-reformas", variant: "b", visitors: 0, conversions: 0, leads: 1 },
      ]);
      // Its own variant's lead converts it, once.
      counter.countLead("titular-reformas", "a", BROWSER_ANA);
      expect(
        (await counter.readCounts()).find((count) => count.variant === "a" && count.experiment === "titular-reformas"),
      ).toEqual({ experiment: "titular-reformas", variant: "a", visitors: 1, conversions: 1, leads: 1 });
    });

    it("converts a browser assigned by another process on the same store, and one drawn again for its new variant", async () => {
      const stores = factory();
      const first = await stores.fresh();
      // The first process has read the assignments already (a lead), before the other one writes its own.
      first.countVisitor("titular-reformas", "a", BROWSER_ANA);
      first.countLead("titular-reformas", "a", BROWSER_ANA);
      await first.flush();
      const second = await stores.reopen();
      second.countVisitor("titular-reformas", "b", BROWSER_LUIS);
      // Luis drawn again (his cookie lost the assignment): b is no longer his, a is.
      second.countVisitor("formulario-corto", "b", BROWSER_LUIS);
      second.countVisitor("formulario-corto", "a", BROWSER_LUIS);
      await second.flush();
      first.countLead("titular-reformas", "b", BROWSER_LUIS);
      first.countLead("formulario-corto", "b", BROWSER_LUIS);
      first.countLead("formulario-corto", "a", BROWSER_LUIS);
      expect(await first.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "a", visitors: 1, conversions: 1, leads: 1 },
        { experiment: "formulario-corto", variant: "b", visitors: 1, conversions: 0, leads: 1 },
        { experiment: "titular-reformas", variant: "a", visitors: 1, conversions: 1, leads: 1 },
        { experiment: "titular-reformas", variant: "b", visitors: 1, conversions: 1, leads: 1 },
      ]);
    });

    it("ignores keys that are not content keys instead of storing them", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("", "a");
      counter.countVisitor("x".repeat(500), "a");
      counter.countLead("titular", "a\nb", BROWSER_ANA);
      counter.countLead("titular", '"}{');
      counter.countLead("../../etc", "a", BROWSER_ANA);
      expect(await counter.readCounts()).toEqual([]);
    });

    it("answers the count calls at once, without throwing", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      expect(counter.countVisitor("titular", "a")).toBeUndefined();
      expect(counter.countLead("titular", "a", BROWSER_ANA)).toBeUndefined();
      await counter.flush();
    });
  });
}
