/**
 * The legal page's three documents (legal notice, privacy policy, cookie policy), each a section with a
 * fixed id for deep links (/legal#aviso-legal, #privacidad, #cookies), plus a row of links to them
 * named after each document's first heading. The links are router links: a plain fragment link leaves a
 * history entry without state, and the router's scroll restoration would then put the page back where an
 * earlier such entry was instead of at the section.
 */

import { PortableText, type PortableTextValue } from "~/components/ui/PortableText";

export interface LegalDocument {
  id: string;
  body: PortableTextValue;
}

function isHeading(block: unknown): block is { children?: unknown } {
  if (!block || typeof block !== "object") return false;
  const { _type, style } = block as { _type?: unknown; style?: unknown };
  return _type === "block" && typeof style === "string" && /^h[1-3]$/.test(style);
}

/** The text of a document's first heading, used as the name of its link. */
export function documentTitle(body: PortableTextValue): string | null {
  const blocks: readonly unknown[] = Array.isArray(body) ? body : body ? [body] : [];
  const heading = blocks.find(isHeading);
  const spans: readonly unknown[] = Array.isArray(heading?.children) ? heading.children : [];
  const title = spans
    .map((span) =>
      span && typeof span === "object" && "text" in span && typeof span.text === "string" ? span.text : "",
    )
    .join("");
  return title.trim() || null;
}

export function LegalDocumentLinks({ documents }: { documents: ReadonlyArray<LegalDocument> }) {
  const links = documents
    .map((document) => ({ id: document.id, title: documentTitle(document.body) }))
    .filter((link): link is { id: string; title: string } => Boolean(link.title));
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={`#${link.id}`}
            className="inline-flex min-h-[44px] items-center rounded-full border border-white/30 px-5 text-sm font-semibold text-white transition-colors hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-950"
          >
            {link.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function LegalDocuments({ documents }: { documents: ReadonlyArray<LegalDocument> }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      {documents.map((document, index) => (
        <section
          key={document.id}
          id={document.id}
          className={index > 0 ? "mt-12 border-t border-slate-200 pt-12" : undefined}
        >
          <PortableText value={document.body} className="[&_h2]:pt-0 [&_h3]:pt-4" />
        </section>
      ))}
    </div>
  );
}
