/**
 * The monthly plans as cards: name, badges, price (or the CPL's price label), subtitle, description,
 * features and the plan's buttons. What a button does is decided by the page (`renderButton`).
 */
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/Badge";
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { itemKey, type List, type Maybe } from "./content-shapes";

export interface PlanButtonContent {
  _key?: string;
  label?: Maybe<string>;
  action?: Maybe<string>;
}

export interface PlanContent {
  _id?: string;
  name?: Maybe<string>;
  key?: Maybe<string>;
  price?: Maybe<number>;
  priceLabel?: Maybe<string>;
  priceSuffix?: Maybe<string>;
  subtitle?: Maybe<string>;
  description?: Maybe<string>;
  features?: List<string>;
  popular?: Maybe<boolean>;
  isSpecial?: Maybe<boolean>;
  badges?: List<string>;
  buttons?: List<PlanButtonContent>;
}

export type RenderPlanButton = (button: PlanButtonContent, plan: PlanContent, index: number) => ReactNode;

export function PlanCards({
  id,
  heading,
  intro,
  plans,
  renderButton,
  footer,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  plans: List<PlanContent>;
  renderButton: RenderPlanButton;
  footer?: ReactNode;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} width="wide">
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <ul className="mx-auto mt-12 grid max-w-xl gap-6 md:max-w-none md:grid-cols-2 xl:grid-cols-4">
        {(plans ?? []).map((plan, index) => (
          <PlanCard key={itemKey(plan, index)} plan={plan} renderButton={renderButton} />
        ))}
      </ul>
      {footer ? <div className="mt-10">{footer}</div> : null}
    </Section>
  );
}

function PlanCard({ plan, renderButton }: { plan: PlanContent; renderButton: RenderPlanButton }) {
  const dark = Boolean(plan.isSpecial);
  const surface = dark
    ? "bg-brand-950 text-white border-brand-900"
    : plan.popular
      ? "bg-white border-brand-600 ring-2 ring-brand-600 shadow-xl shadow-brand-600/15"
      : "bg-white border-slate-200 shadow-sm";
  const muted = dark ? "text-brand-100" : "text-ink-soft";
  const buttons = plan.buttons ?? [];
  const badges = plan.badges ?? [];
  return (
    <li className={`relative flex flex-col rounded-3xl border p-6 sm:p-7 ${surface}`}>
      {badges.length > 0 ? (
        <div className="mb-4 flex flex-wrap gap-2">
          {badges.map((badge, index) => (
            <Badge key={`${index}-${badge}`} tone={index === 0 && plan.popular ? "brand" : dark ? "neutral" : "accent"}>
              {badge}
            </Badge>
          ))}
        </div>
      ) : null}
      <h3 className={`text-xl font-bold ${dark ? "text-white" : "text-ink"}`}>{plan.name}</h3>
      {plan.subtitle ? <p className={`mt-1 text-sm font-medium ${dark ? "text-brand-200" : "text-brand-700"}`}>{plan.subtitle}</p> : null}
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        {plan.price != null ? (
          <span className="text-5xl font-extrabold tracking-tight">{plan.price}</span>
        ) : plan.priceLabel ? (
          <span className="text-3xl font-extrabold tracking-tight">{plan.priceLabel}</span>
        ) : null}
        {plan.priceSuffix ? <span className={`text-sm font-medium ${muted}`}>{plan.priceSuffix}</span> : null}
      </p>
      {plan.description ? <p className={`mt-4 leading-relaxed ${muted}`}>{plan.description}</p> : null}
      <ul className="mt-6 flex-1 space-y-3 text-[0.95rem]">
        {(plan.features ?? []).map((feature, index) => (
          <li key={`${index}-${feature}`} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full ${
                dark ? "bg-emerald-400/15 text-emerald-300" : "bg-emerald-100 text-emerald-700"
              }`}
            >
              <Icon name="check" className="h-3.5 w-3.5" />
            </span>
            <span className={dark ? "text-white" : "text-ink"}>{feature}</span>
          </li>
        ))}
      </ul>
      {buttons.length > 0 ? (
        <div className="mt-8 flex flex-col gap-3">{buttons.map((button, index) => <div key={itemKey(button, index)} className="flex flex-col">{renderButton(button, plan, index)}</div>)}</div>
      ) : null}
    </li>
  );
}
