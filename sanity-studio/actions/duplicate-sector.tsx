/**
 * 'Duplicar sector' on a sector page (instead of the Studio's Duplicate): asks for the new sector's name,
 * then makes a draft copy to start a similar sector from, with what identifies the original left out so
 * the copy can never take its place by accident (in the directory or in Google): no address, not
 * featured, no calculator name or other spellings, no related sectors, no SEO title or description
 * (the Studio asks for new ones); put last in the directory. The plan is a pure function.
 */
import { CopyIcon } from "@sanity/icons";
import { Box, Button, Flex, Stack, Text, TextInput } from "@sanity/ui";
import { type FormEvent, useCallback, useState } from "react";
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

/** The name the dialog proposes for the copy. */
export const copyName = (source: SectorDocument) => `${source.sectorName ?? "Sector"} (copia)`;

/** The copy's draft document named `name`, placed after every order in `orders`. */
export function planSectorDuplicate(
  source: SectorDocument,
  orders: readonly (number | null | undefined)[],
  newId: string,
  name: string = copyName(source),
): SectorDocument {
  const { _id: _i, _rev: _r, _createdAt: _c, _updatedAt: _u, ...fields } = source;
  for (const field of CLEARED) delete fields[field];
  // Two pages must not share their title and description in Google: the copy gets its own.
  const { title: _t, description: _d, ...seo } = (source.seo ?? {}) as Record<string, unknown>;
  return {
    ...fields,
    ...(source.seo ? { seo } : {}),
    _id: `drafts.${newId}`,
    _type: "sectorPage",
    sectorName: name.trim() || copyName(source),
    featured: false,
    order: nextOrder(orders),
  };
}

export const DuplicateSectorAction: DocumentActionComponent = (props: DocumentActionProps) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const source = (props.draft ?? props.published) as SectorDocument | null;
  const [name, setName] = useState("");
  const { onComplete } = props;
  const duplicate = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!source || !name.trim()) return;
      setBusy(true);
      try {
        const orders = await client.fetch<(number | null)[]>(`*[_type == "sectorPage"].order`);
        const id = `sectorPage.${crypto.randomUUID()}`;
        await client.create(
          planSectorDuplicate(source, orders, id, name) as SectorDocument & { _id: string; _type: string },
        );
        router.navigateIntent("edit", { id, type: "sectorPage" });
      } finally {
        setBusy(false);
        setAsking(false);
        onComplete();
      }
    },
    [client, router, source, name, onComplete],
  );
  return {
    label: busy ? "Duplicando…" : "Duplicar sector",
    icon: CopyIcon,
    disabled: !source || busy,
    title:
      "Crea una copia en borrador al final del directorio, con el nombre que elijas, sin dirección, sin destacar, sin nombre de calculadora, sin sectores relacionados y sin título ni descripción SEO.",
    onHandle: () => {
      if (source) setName(copyName(source));
      setAsking(true);
    },
    dialog: asking
      ? {
          type: "dialog",
          header: "Duplicar sector",
          onClose: () => {
            setAsking(false);
            onComplete();
          },
          content: (
            <form onSubmit={(event) => void duplicate(event)}>
              <Stack space={4}>
                <Text size={1}>
                  Nombre del sector nuevo. La copia no tendrá dirección, ni título ni descripción SEO: escríbelos antes
                  de publicarla.
                </Text>
                <TextInput
                  aria-label="Nombre del sector nuevo"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  autoFocus
                />
                <Flex justify="flex-end" gap={2}>
                  <Box>
                    <Button mode="ghost" text="Cancelar" onClick={() => setAsking(false)} disabled={busy} />
                  </Box>
                  <Box>
                    <Button
                      type="submit"
                      tone="primary"
                      text={busy ? "Duplicando…" : "Duplicar"}
                      disabled={busy || !name.trim()}
                    />
                  </Box>
                </Flex>
              </Stack>
            </form>
          ),
        }
      : null,
  };
};
DuplicateSectorAction.action = "duplicate";
