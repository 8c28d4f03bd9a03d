/** The consent boot script (see boot-script.ts), inline and first in <head>. */
import { CONSENT_BOOT_SCRIPT } from "./boot-script";

export function ConsentBootScript() {
  return <script dangerouslySetInnerHTML={{ __html: CONSENT_BOOT_SCRIPT }} />;
}
