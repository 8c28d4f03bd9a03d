/**
 * 'Duplicar sector' on a sector page (instead of the Studio's Duplicate): a draft copy to start a
 * similar sector from, with what identifies the original left out so the copy can never take its
 * place by accident: no address, not featured, no calculator name or other spellings, no related
 * sectors; named '(copia)' and put last in the directory. The plan is a pure function.
 */
import { CopyIcon } from "@sanity/icons";
import { useCallback, useState } from "react";
import { type DocumentActionComponent, type DocumentActionProps, useClient } from "sanity";
import { useRouter } from "sanity/router";
import { nextOrder } from "../schemaTypes/sector-rules";

export interface SectorDocument {
  _id?: string;
  _type?: string;
  sectorName?: string;
  [field: string]: unknown;
}

/** The fields a copy never takes from its original. */
const CLEARED = ["slug", "calculatorName", "calculatorAliases", "relatedSectors"] as const;

/** The copy's draft document, placed after every order in `orders`. */
export function planSectorDuplicate(
  source: SectorDocument,
  orders: readonly (number | null | undefined)[],
  newId: string,
): SectorDocument {
  const { _id: _i, _rev: _r, _createdAt: _c, _updatedAt: _u, ...fields } = source;
  for (const field of CLEARED) delete fields[field];
  return {
    ...fields,
    _id: `drafts.${newId}`,
    _type: "sectorPage",
    sectorName: `${source.sectorName ?? "Sector"} (copia)`,
    featured: false,
    order: nextOrder(orders),
  };
}

export const DuplicateSectorAction: DocumentActionComponent = (props: DocumentActionProps) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const source = (props.draft ?? props.published) as SectorDocument | null;
  const onHandle = useCallback(async () => {
    if (!source) return;
    setBusy(true);
    try {
      const orders = await client.fetch<(number | null)[]>(`*[_type == "sectorPage"].order`);
      const id = `sectorPage.${crypto.randomUUID()}`;
      await client.create(planSectorDuplicate(source, orders, id) as SectorDocument & { _id: string; _type: string });
      router.navigateIntent("edit", { id, type: "sectorPage" });
    } finally {
      setBusy(false);
      props.onComplete();
    }
  }, [client, router, source, props]);
  return {
    label: busy ? "Duplicando…" : "Duplicar sector",
    icon: CopyIcon,
    disabled: !source || busy,
    title:
      "Crea una copia en borrador al final del directorio, sin dirección, sin destacar, sin nombre de calculadora ni sectores relacionados.",
    onHandle: () => void onHandle(),
  };
};
DuplicateSectorAction.action = "duplicate";
