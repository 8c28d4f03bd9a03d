/** Content text on its way into the page, typeset (app/domain/typeset.ts); other nodes as they are. */
import type { ReactNode } from "react";

import { typeset } from "~/domain/typeset";

export function typesetText<T extends ReactNode>(node: T): T | string {
  return typeof node === "string" ? typeset(node) : node;
}
