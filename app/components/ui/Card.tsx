/** A white surface with a soft border: the building block of grids of features, steps, plans and stats. */
import type { HTMLAttributes, ReactNode } from "react";

export function Card({
  children,
  className = "",
  as: Tag = "div",
  ...rest
}: { children: ReactNode; className?: string; as?: "div" | "li" | "article" } & HTMLAttributes<HTMLElement>) {
  return (
    <Tag
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm shadow-slate-200/60 ${className}`}
      {...rest}
    >
      {children}
    </Tag>
  );
}

/** A square tile holding an icon, used at the top of cards. */
export function IconTile({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "onDark" }) {
  return (
    <span
      aria-hidden="true"
      className={`grid h-11 w-11 shrink-0 place-items-center rounded-xl ${
        tone === "onDark" ? "bg-white/10 text-white" : "bg-brand-50 text-brand-700"
      }`}
    >
      {children}
    </span>
  );
}
