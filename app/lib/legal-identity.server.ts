/** One warning per process when the legal identity still misses fields (operators read it at start). */
import { type LegalIdentity, missingLegalFields } from "./legal-identity";
import { log } from "./log.server";

let warned = false;

export function warnIfLegalIdentityIncomplete(identity: LegalIdentity | null | undefined): void {
  if (warned) return;
  warned = true;
  const missing = missingLegalFields(identity);
  if (missing.length > 0) {
    log("warn", "legal identity incomplete: the legal pages leave these out until filled in the Studio", { missing });
  }
}
