/**
 * Call-to-action links styled as buttons. Internal paths are plain links (a page load, the browser's); external addresses open in
 * a new tab with rel="noopener noreferrer"; fragments and mailto:/tel: stay plain anchors.
 */
import { type AnchorHTMLAttributes, forwardRef, type ReactNode } from "react";

import { linkKind } from "~/lib/links";

import { Icon, type IconName } from "./Icon";

export type CtaVariant = "primary" | "secondary" | "onDark" | "outlineOnDark" | "ghost";

const BASE =
  "inline-flex min-h-[44px] items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-center text-base font-semibold transition-colors";

const VARIANTS: Record<CtaVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm shadow-brand-600/20 hover:bg-brand-700",
  secondary: "border border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50",
  onDark:
    "bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-900",
  outlineOnDark:
    "border border-white/40 text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-900",
  ghost: "px-3 text-brand-700 hover:bg-brand-50",
};

export type CtaSize = "default" | "hero";

/** Hero actions share one size on every page (first screens and closing calls to action). */
const SIZES: Record<CtaSize, string> = { default: "", hero: "py-3 sm:px-6 sm:text-lg" };

export function ctaClassName(variant: CtaVariant = "primary", extra = "", size: CtaSize = "default"): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}

type CtaLinkProps = {
  href: string;
  children: ReactNode;
  variant?: CtaVariant;
  icon?: IconName;
  size?: CtaSize;
  className?: string;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">;

export const CtaLink = forwardRef<HTMLAnchorElement, CtaLinkProps>(function CtaLink(
  { href, children, variant = "primary", icon, size = "default", className = "", ...rest },
  ref,
) {
  const kind = linkKind(href);
  const classes = ctaClassName(variant, className, size);
  const content = (
    <>
      <span>{children}</span>
      {icon ? <Icon name={icon} className="h-5 w-5 shrink-0" /> : null}
      {kind === "external" && !icon ? <Icon name="external" className="h-4 w-4 shrink-0" /> : null}
    </>
  );
  if (kind === "internal") {
    return (
      <a ref={ref} href={href} className={classes} {...rest}>
        {content}
      </a>
    );
  }
  const newTab = kind === "external" ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <a ref={ref} href={href} className={classes} {...newTab} {...rest}>
      {content}
    </a>
  );
});

/**
 * The button for a call to action whose label (and address) come from content: a `CtaLink` when both
 * are given, nothing when either is missing, so an editor hides a button by clearing its label.
 */
export function optionalCta(
  label: string | null | undefined,
  href: string | null | undefined,
  props: Omit<CtaLinkProps, "href" | "children"> = {},
): ReactNode {
  return label && href ? (
    <CtaLink href={href} {...props}>
      {label}
    </CtaLink>
  ) : null;
}
