// The embedded lead store (the spool in DATA_DIR) keeps the behaviour every lead store keeps.
import { deliverySettings } from "~/leads/config.server";
import { SpoolLeadStore } from "~/leads/spool-store.server";

import { describeLeadStoreConformance } from "../support/lead-store-conformance";
import { createDestinations, dataDirErasureAudit, dataDirText } from "../support/leads";

let dataDir = "";

describeLeadStoreConformance("spool", createDestinations(), () => ({
  async fresh() {
    const settings = deliverySettings();
    dataDir = settings.dataDir;
    const store = new SpoolLeadStore(settings);
    await store.start();
    return store;
  },
  async reopen() {
    const store = new SpoolLeadStore({ ...deliverySettings(), dataDir });
    await store.start();
    return store;
  },
  storedText: async () => dataDirText(dataDir),
  erasureAudit: async () => dataDirErasureAudit(dataDir),
}));
