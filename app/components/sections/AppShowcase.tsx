/** The mobile-app showcase of the landing: what the sales team sees when a lead arrives. */
import type { ReactNode } from "react";
import { IconTile } from "~/components/ui/Card";
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { itemKey, type FeatureContent, type List, type Maybe } from "./content-shapes";
import { featureIcon } from "./feature-icons";

export function AppShowcase({
  id,
  heading,
  intro,
  features,
  action,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  features: List<FeatureContent>;
  action?: ReactNode;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="order-2 lg:order-1">
          <PhonePicture />
        </div>
        <div className="order-1 lg:order-2">
          <SectionHeading id={`${id}-title`} title={heading} intro={intro} align="left" />
          <ul className="mt-8 grid gap-5 sm:grid-cols-2">
            {(features ?? []).map((feature, index) => (
              <li key={itemKey(feature, index)} className="flex gap-4">
                <IconTile>
                  <Icon name={featureIcon(feature.icon, index)} className="h-5 w-5" />
                </IconTile>
                <div>
                  <h3 className="font-semibold text-ink">{feature.title}</h3>
                  {feature.description ? (
                    <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-soft">{feature.description}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {action ? <div className="mt-10">{action}</div> : null}
        </div>
      </div>
    </Section>
  );
}

/** Decorative phone with a lead card and a pipeline, drawn with shapes only. */
function PhonePicture() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-64 sm:w-72">
      <div className="absolute inset-x-0 top-10 -z-0 mx-auto h-72 w-72 rounded-full bg-brand-200/60 blur-3xl" />
      <div className="relative rounded-[2.75rem] bg-ink p-3 shadow-2xl shadow-brand-900/30">
        <div className="overflow-hidden rounded-[2.25rem] bg-slate-50">
          <div className="flex items-center justify-between bg-brand-600 px-5 pb-5 pt-7 text-white">
            <div className="space-y-2">
              <div className="h-2.5 w-20 rounded-full bg-white/70" />
              <div className="h-2 w-12 rounded-full bg-white/40" />
            </div>
            <span className="relative grid h-9 w-9 place-items-center rounded-full bg-white/15">
              <Icon name="bell" className="h-5 w-5" />
              <span className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full bg-amber-400 ring-2 ring-brand-600" />
            </span>
          </div>
          <div className="space-y-3 p-4">
            <div className="rounded-2xl bg-white p-4 shadow-md shadow-slate-200">
              <div className="flex items-center gap-3">
                <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-100 text-brand-700">
                  <Icon name="users" className="h-5 w-5" />
                </span>
                <div className="flex-1 space-y-2">
                  <div className="h-2.5 w-3/4 rounded-full bg-slate-300" />
                  <div className="h-2 w-1/2 rounded-full bg-slate-200" />
                </div>
              </div>
              <div className="mt-4 space-y-2">
                {["phone", "mail", "document"].map((name) => (
                  <div key={name} className="flex items-center gap-2 text-slate-400">
                    <Icon name={name as "phone" | "mail" | "document"} className="h-4 w-4" />
                    <div className="h-2 flex-1 rounded-full bg-slate-100" />
                  </div>
                ))}
              </div>
              <div className="mt-4 grid grid-cols-2 gap-2">
                <div className="h-8 rounded-lg bg-emerald-500" />
                <div className="h-8 rounded-lg border border-slate-200" />
              </div>
            </div>
            {[0, 1].map((index) => (
              <div key={index} className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm">
                <span className="h-8 w-8 rounded-full bg-slate-100" />
                <div className="flex-1 space-y-1.5">
                  <div className="h-2 w-2/3 rounded-full bg-slate-200" />
                  <div className="h-2 w-1/3 rounded-full bg-slate-100" />
                </div>
                <span className={`h-2.5 w-2.5 rounded-full ${index === 0 ? "bg-amber-400" : "bg-emerald-400"}`} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
