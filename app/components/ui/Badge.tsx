/** A small pill label (plan badges such as 'Más Popular'). */
import type { ReactNode } from "react";

export function Badge({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "accent" | "neutral" }) {
  const tones = {
    brand: "bg-brand-600 text-white",
    accent: "bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-200",
    neutral: "bg-slate-100 text-ink-soft ring-1 ring-inset ring-slate-200",
  } as const;
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
