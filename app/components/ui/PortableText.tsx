/**
 * Rich text from the content source (Portable Text: styles normal/h2/h3, bullet and number lists,
 * strong/em and `link` annotations), rendered with @portabletext/react and our own components.
 * Links are safe: only site paths, in-page anchors, http(s), mailto: and tel: become links (anything
 * else, like `javascript:`, stays plain text); other sites open in a new tab with rel="noopener".
 * Unknown block types render nothing rather than a warning box.
 */
import {
  PortableText as PortableTextRenderer,
  type PortableTextComponents,
  type PortableTextProps,
} from "@portabletext/react";
import type { ReactNode } from "react";

import { typeset } from "~/domain/typeset";
import { linkKind } from "~/lib/links";

export type PortableTextValue = PortableTextProps["value"];

const SAFE_PROTOCOL = /^(mailto|tel):/i;

/** The href to render, or null when the address must not become a link. */
export function safeHref(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const value = href.trim();
  if (!value) return null;
  const kind = linkKind(value);
  if (kind === "protocol") return SAFE_PROTOCOL.test(value) ? value : null;
  if (kind === "internal" && !value.startsWith("/")) return null;
  return value;
}

const LINK_CLASS =
  "font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700";

function RichLink({ href, children }: { href: unknown; children: ReactNode }) {
  const target = safeHref(href);
  if (!target) return <>{children}</>;
  const kind = linkKind(target);
  // Site paths and in-page anchors go through the router (it restores scroll positions per entry).
  if (kind === "internal" || kind === "anchor") {
    return (
      <a href={target} className={LINK_CLASS}>
        {children}
      </a>
    );
  }
  if (kind === "external") {
    return (
      <a href={target} className={LINK_CLASS} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a href={target} className={LINK_CLASS}>
      {children}
    </a>
  );
}

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p className="leading-relaxed">{children}</p>,
    h2: ({ children }) => <h2 className="pt-4 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{children}</h2>,
    h3: ({ children }) => <h3 className="pt-2 text-lg font-semibold text-ink sm:text-xl">{children}</h3>,
  },
  list: {
    bullet: ({ children }) => <ul className="list-disc space-y-2 pl-6 marker:text-brand-500">{children}</ul>,
    number: ({ children }) => (
      <ol className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-brand-700">{children}</ol>
    ),
  },
  listItem: ({ children }) => <li className="pl-1 leading-relaxed">{children}</li>,
  marks: {
    strong: ({ children }) => <strong className="font-semibold text-ink">{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    link: ({ value, children }) => (
      <RichLink href={(value as { href?: unknown } | undefined)?.href}>{children}</RichLink>
    ),
  },
  unknownType: () => null,
  unknownBlockStyle: ({ children }) => <p className="leading-relaxed">{children}</p>,
};

/** The blocks with their spans' text typeset (no-break space between a number and its unit). */
function typesetBlocks(value: PortableTextValue): PortableTextValue {
  if (!Array.isArray(value)) return value;
  return value.map((block) =>
    block && Array.isArray(block.children)
      ? {
          ...block,
          children: block.children.map((child: { text?: unknown }) =>
            typeof child?.text === "string" ? { ...child, text: typeset(child.text) } : child,
          ),
        }
      : block,
  );
}

export function PortableText({ value, className = "" }: { value: PortableTextValue; className?: string }) {
  if (!value || (Array.isArray(value) && value.length === 0)) return null;
  return (
    <div className={`space-y-4 text-base text-ink-soft sm:text-lg ${className}`}>
      <PortableTextRenderer value={typesetBlocks(value)} components={components} onMissingComponent={false} />
    </div>
  );
}
