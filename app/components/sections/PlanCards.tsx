/**
 * The monthly plans as cards: name, badges, price (or the CPL's price label), subtitle, description,
 * features and the plan's buttons. What a button does is decided by the page (`renderButton`).
 */
import type { ReactNode } from "react";

import { Badge } from "~/components/ui/Badge";
import { CtaLink } from "~/components/ui/CtaLink";
import { Icon, IconMark } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";
import type { PlansPageQueryResult } from "~/content/sanity.types";
import type { PricedPlan } from "~/content/types";

import { itemKey, type List, type Maybe } from "./content-shapes";

/** A plan as `plansPageQuery` projects it, with its price printed by the loader. */
export type PlanContent = PricedPlan<NonNullable<PlansPageQueryResult>["plans"][number]>;
/** A plan's button as `plansPageQuery` projects it (`buttons[]{label, action}`). */
export type PlanButtonContent = PlanContent["buttons"][number];

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
    // The page grid's width like every other band: four cards at xl sit on the same edges.
    <Section id={id} labelledBy={`${id}-title`}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      <ul className="mx-auto mt-12 grid max-w-xl gap-6 md:max-w-none md:grid-cols-2 xl:grid-cols-4 xl:gap-4">
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
  // Names, prices and buttons line up across cards: the badge row and the subtitle keep their height.
  return (
    <li className={`relative flex flex-col rounded-3xl border p-6 sm:p-7 xl:p-5 ${surface}`}>
      <div className={`mb-4 min-h-[1.75rem] flex-wrap gap-2 ${badges.length > 0 ? "flex" : "hidden md:flex"}`}>
        {badges.map((badge, index) => (
          <Badge key={`${index}-${badge}`} tone={index === 0 && plan.popular ? "brand" : dark ? "neutral" : "accent"}>
            {badge}
          </Badge>
        ))}
      </div>
      <h3 className={`text-xl font-bold ${dark ? "text-white" : "text-ink"}`}>{plan.name}</h3>
      <p className={`mt-1 text-sm md:min-h-[2.5rem] font-medium ${dark ? "text-brand-200" : "text-brand-700"}`}>
        {typesetText(plan.subtitle)}
      </p>
      <p className="mt-5 flex flex-wrap md:min-h-[3.5rem] items-baseline gap-x-2 gap-y-1">
        {plan.priceText != null ? (
          <span className="text-5xl font-extrabold tracking-tight">{plan.priceText}</span>
        ) : plan.priceLabel ? (
          <span className="text-[1.75rem] font-extrabold leading-tight tracking-tight xl:text-2xl">
            {plan.priceLabel}
          </span>
        ) : null}
        {plan.priceSuffix ? <span className={`text-sm font-medium ${muted}`}>{plan.priceSuffix}</span> : null}
      </p>
      {plan.description ? <p className={`mt-4 leading-relaxed ${muted}`}>{typesetText(plan.description)}</p> : null}
      <ul className="mt-6 flex-1 space-y-3 text-[0.95rem]">
        {(plan.features ?? []).map((feature, index) => (
          <li key={`${index}-${feature}`} className="flex gap-3">
            <IconMark
              name="check"
              className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full ${dark ? "bg-emerald-400/15 text-emerald-300" : "bg-emerald-100 text-emerald-700"}`}
              iconClassName="h-3.5 w-3.5"
            />
            <span className={dark ? "text-white" : "text-ink"}>{typesetText(feature)}</span>
          </li>
        ))}
      </ul>
      {buttons.length > 0 ? (
        <div className="mt-8 flex flex-col gap-3">
          {buttons.map((button, index) => (
            <div key={index} className="flex flex-col">
              {renderButton(button, plan, index)}
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

export type PlanButtonAction = "startService" | "booking" | "cplDialog" | "serviceStart";

/**
 * One plan button. `destinations` says where each action leads: external addresses open in a new tab,
 * `#…` links are the dialogs' in-page triggers. A button whose destination is unknown is left out.
 */
export function PlanButton({
  button,
  destinations,
  emphasis,
  dark,
}: {
  button: PlanButtonContent;
  destinations: Partial<Record<PlanButtonAction, Maybe<string>>>;
  emphasis: "primary" | "secondary";
  dark: boolean;
}) {
  const href = button.action ? destinations[button.action as PlanButtonAction] : null;
  if (!href || !button.label) return null;
  const variant = dark ? (emphasis === "primary" ? "onDark" : "outlineOnDark") : emphasis;
  return (
    // Four cards share a 1280 px row: slimmer paddings keep 'Agendar Llamada' and its icon on one line.
    <CtaLink href={href} variant={variant} className="w-full xl:px-3">
      {button.label}
    </CtaLink>
  );
}

/** The special offer line under the plans (the free logo design). */
export function PlanOfferNote({ text }: { text: string }) {
  return (
    <p className="mx-auto flex max-w-3xl items-center gap-4 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-base font-medium text-amber-950 text-balance">
      <IconMark
        name="sparkles"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-700"
        iconClassName="h-5 w-5"
      />
      {typesetText(text)}
    </p>
  );
}

/** The "from 299 €/month" pill of the plans hero. */
export function PriceFrom({ label }: { label: string }) {
  return (
    <p className="inline-flex items-center gap-2 text-xl font-bold text-emerald-300">
      <Icon name="euro" className="h-6 w-6" />
      {label}
    </p>
  );
}
