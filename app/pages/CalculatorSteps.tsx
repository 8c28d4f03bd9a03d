/**
 * The calculator's 'how we work' steps with the money-back note, between the calculator and its lead form.
 * Static: on /calculadora the browser keeps the server's HTML and never downloads this module, except to
 * render the page itself after a client-side navigation or in preview (app/routes/calculadora.tsx); a
 * campaign page's calculator block renders it as part of its own chunk.
 */
import { StepsSection } from "~/components/sections/StepsSection";
import { IconMark } from "~/components/ui/Icon";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";

export type CalculatorStepsContent = Pick<NonNullable<CalculatorPageQueryResult>, "howWeWork" | "guarantee">;

function GuaranteeNote({ guarantee }: { guarantee: CalculatorStepsContent["guarantee"] }) {
  if (!guarantee?.title && !guarantee?.text) return null;
  return (
    <div className="flex max-w-3xl gap-4 rounded-2xl bg-emerald-50 p-5 text-left ring-1 ring-inset ring-emerald-200 sm:p-6">
      <IconMark
        name="shield"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-emerald-600 text-white"
        iconClassName="h-6 w-6"
      />
      <div>
        <p className="font-semibold text-emerald-950">{guarantee.title}</p>
        {guarantee.text ? <p className="mt-1 leading-relaxed text-emerald-900">{guarantee.text}</p> : null}
      </div>
    </div>
  );
}

export function CalculatorSteps({ content }: { content: CalculatorStepsContent }) {
  return (
    <StepsSection
      id="como-trabajamos"
      heading={content.howWeWork?.heading}
      steps={content.howWeWork?.steps}
      action={<GuaranteeNote guarantee={content.guarantee} />}
    />
  );
}
