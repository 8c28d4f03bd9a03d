// The behaviour every ExperimentCounter keeps, whatever stores it: run by each store's test file with a
// factory that opens a fresh store and one that reopens the same store (a restart).
import { type ExperimentCounter } from "~/leads/experiment-counts.server";

export interface CounterStoreFactory {
  /** A store with no counts. */
  fresh(): Promise<ExperimentCounter>;
  /** The store last made by `fresh`, opened again as a new process would. */
  reopen(): Promise<ExperimentCounter>;
}

export function describeExperimentCounterConformance(name: string, factory: () => CounterStoreFactory) {
  describe(`experiment counts (${name})`, () => {
    it("sums visitors and leads per experiment and variant, sorted", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("titular-reformas", "b");
      counter.countVisitor("titular-reformas", "a");
      counter.countVisitor("titular-reformas", "a");
      counter.countLead("titular-reformas", "a");
      counter.countVisitor("formulario-corto", "control");
      expect(await counter.readCounts()).toEqual([
        { experiment: "formulario-corto", variant: "control", visitors: 1, leads: 0 },
        { experiment: "titular-reformas", variant: "a", visitors: 2, leads: 1 },
        { experiment: "titular-reformas", variant: "b", visitors: 1, leads: 0 },
      ]);
    });

    it("keeps the counts across a restart", async () => {
      const stores = factory();
      const before = await stores.fresh();
      for (let index = 0; index < 25; index += 1) before.countVisitor("titular-reformas", "a");
      before.countLead("titular-reformas", "a");
      await before.flush();
      const after = await stores.reopen();
      after.countLead("titular-reformas", "a");
      expect(await after.readCounts()).toEqual([
        { experiment: "titular-reformas", variant: "a", visitors: 25, leads: 2 },
      ]);
    });

    it("ignores keys that are not content keys instead of storing them", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      counter.countVisitor("", "a");
      counter.countVisitor("x".repeat(500), "a");
      counter.countLead("titular", "a\nb");
      counter.countLead("titular", '"}{');
      expect(await counter.readCounts()).toEqual([]);
    });

    it("answers the count calls at once, without throwing", async () => {
      const stores = factory();
      const counter = await stores.fresh();
      expect(counter.countVisitor("titular", "a")).toBeUndefined();
      expect(counter.countLead("titular", "a")).toBeUndefined();
      await counter.flush();
    });
  });
}
