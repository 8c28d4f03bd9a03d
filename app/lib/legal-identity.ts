/**
 * The company's legal identity (site settings › Identidad legal): which fields exist, which are still
 * missing, and long texts with their `legalValue` references filled in. Whatever is not filled in is
 * left out of the page — a paragraph or list item naming a missing field is dropped whole — so no
 * visitor ever reads a placeholder. The Studio lists the same fields in
 * sanity-studio/schemaTypes/legal-identity.ts; docs/guia-editores.md explains them to editors.
 */

/** The fields needed before going live, in the order /healthz reports them. */
export const REQUIRED_LEGAL_FIELDS = [
  "companyName",
  "taxId",
  "address",
  "registryData",
  "email",
  "phone",
  "dataProtectionContact",
] as const;

export type LegalField = (typeof REQUIRED_LEGAL_FIELDS)[number] | "jurisdiction";
export type LegalIdentity = Partial<Record<LegalField, string | null>>;

function filled(identity: LegalIdentity | null | undefined, field: string): string | null {
  const value = (identity as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** The needed fields still empty (an empty list means the identity is complete). */
export function missingLegalFields(identity: LegalIdentity | null | undefined): string[] {
  return REQUIRED_LEGAL_FIELDS.filter((field) => !filled(identity, field));
}

type Span = { _type: "span"; _key?: string; text: string; marks?: string[] };
type LegalValue = { _type: "legalValue"; _key?: string; field?: string | null };
type MarkDef = { _type: string; _key: string; [key: string]: unknown };
type Block = {
  _type: string;
  _key?: string;
  children?: Array<Span | LegalValue | { _type: string }>;
  markDefs?: MarkDef[];
};

/** A link around the value where the value is an address people use (email, telephone). */
function linkFor(field: string, value: string): string | null {
  if (field === "email" || (field === "dataProtectionContact" && /^[^\s@]+@[^\s@]+$/.test(value))) {
    return `mailto:${value}`;
  }
  if (field === "phone") return `tel:${value.replace(/[^\d+]/g, "")}`;
  return null;
}

/**
 * Portable Text with every `legalValue` replaced by the field's text (linked for email and phone).
 * A block that names a field not filled in is left out.
 */
export function resolveLegalText<T>(blocks: T, identity: LegalIdentity | null | undefined): T {
  if (!Array.isArray(blocks)) return blocks;
  const out: unknown[] = [];
  for (const block of blocks as Block[]) {
    const children = block?.children;
    if (block?._type !== "block" || !Array.isArray(children) || !children.some((c) => c._type === "legalValue")) {
      out.push(block);
      continue;
    }
    const markDefs = [...(block.markDefs ?? [])];
    const resolved: unknown[] = [];
    let complete = true;
    for (const [index, child] of children.entries()) {
      if (child._type !== "legalValue") {
        resolved.push(child);
        continue;
      }
      const field = (child as LegalValue).field ?? "";
      const value = filled(identity, field);
      if (!value) {
        complete = false;
        break;
      }
      const key = `${(child as LegalValue)._key ?? `legal${index}`}`;
      const href = linkFor(field, value);
      if (href) markDefs.push({ _type: "link", _key: `${key}-link`, href });
      resolved.push({ _type: "span", _key: key, text: value, marks: href ? [`${key}-link`] : [] });
    }
    if (complete) out.push({ ...block, markDefs, children: resolved });
  }
  return out as T;
}

/** The first-layer notice's controller line: 'Responsable: Razón social (Marca).' or just the brand. */
export function controllerLine(
  label: string | null | undefined,
  identity: LegalIdentity | null | undefined,
  brand: string | null | undefined,
): string | null {
  const name = filled(identity, "companyName");
  const who = name && brand && name !== brand ? `${name} (${brand})` : (name ?? brand);
  if (!label || !who) return null;
  return `${label.replace(/:\s*$/, "")}: ${who}.`;
}
