/**
 * The plan card of the service-start form: the plans as native radio inputs styled as cards (arrow keys
 * move and wrap, and they work without JavaScript, which a button-based radio group cannot).
 */
import { Icon } from "~/components/ui/Icon";
import { typesetText } from "~/components/ui/typeset";
import type { ServiceStartPageQueryResult } from "~/content/sanity.types";
import type { PricedPlan } from "~/content/types";
import type { FormValues } from "~/forms/shared";

import { RequiredMark } from "../controls";
import { cardClass, legendClass } from "./FormCard";

/** A plan as serviceStartPage's `plans[]->{…}` projects it, with its price printed by the loader. */
export type ServicePlan = PricedPlan<NonNullable<ServiceStartPageQueryResult>["plans"][number]>;

/**
 * One plan as a selectable card: the label holds the radio and the plan's name and stretches over the
 * whole card (a label may hold only phrasing content, so the features list sits beside it).
 */
function PlanCard({ plan, defaultChecked, error }: { plan: ServicePlan; defaultChecked: boolean; error: boolean }) {
  return (
    <div
      className={`relative flex flex-col rounded-2xl border-2 bg-white p-5 transition-colors has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2 ${
        error ? "border-red-600" : "border-slate-200 hover:border-brand-300"
      }`}
      data-testid={`plan-${plan.key}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <label className="flex cursor-pointer items-center gap-3 after:absolute after:inset-0 after:rounded-2xl after:content-['']">
          <input
            type="radio"
            name="planSeleccionado"
            value={plan.key ?? ""}
            defaultChecked={defaultChecked}
            className="relative z-10 h-5 w-5 shrink-0 accent-brand-600"
            aria-describedby={`plan-${plan.key}-detalle`}
          />
          <span className="whitespace-nowrap text-lg font-bold text-ink">{plan.name}</span>
        </label>
        {plan.badges?.length ? (
          <span className="flex flex-wrap gap-1">
            {plan.badges.map((badge) => (
              <span
                key={badge}
                className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800"
              >
                {badge}
              </span>
            ))}
          </span>
        ) : null}
      </div>
      <p id={`plan-${plan.key}-detalle`} className="mt-3">
        {plan.priceText != null ? (
          <span className="block text-ink">
            <span className="text-3xl font-extrabold">{plan.priceText}</span>{" "}
            <span className="text-sm text-ink-muted">{plan.priceSuffix}</span>
          </span>
        ) : null}
        {plan.subtitle ? <span className="mt-1 block text-sm font-medium text-brand-800">{plan.subtitle}</span> : null}
        {plan.description ? <span className="mt-2 block text-sm text-ink-soft">{plan.description}</span> : null}
      </p>
      {plan.features?.length ? (
        <ul className="mt-3 space-y-1.5 text-sm text-ink-soft">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span
                aria-hidden="true"
                className="mt-0.5 grid h-4 w-4 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
              >
                <Icon name="check" className="h-3 w-3" />
              </span>
              {typesetText(feature)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function PlanChoice({
  legend,
  plans,
  error,
  kept,
}: {
  legend?: string | null;
  plans: ServicePlan[];
  error?: string;
  kept?: FormValues;
}) {
  return (
    <fieldset className={cardClass} aria-describedby={error ? "plan-error" : undefined}>
      <legend className={legendClass}>
        {legend}
        <RequiredMark />
      </legend>
      <div className="clear-both grid gap-4 md:grid-cols-2">
        {plans.map((servicePlan) => (
          <PlanCard
            key={servicePlan.key}
            plan={servicePlan}
            defaultChecked={kept?.planSeleccionado === servicePlan.key}
            error={Boolean(error)}
          />
        ))}
      </div>
      {error ? (
        <p id="plan-error" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
