/** The thank-you screen after a lead is sent, with 'Realizar otra consulta' back to an empty calculator. */
import { forwardRef } from "react";

import type { Maybe } from "~/components/sections/content-shapes";
import { IconMark } from "~/components/ui/Icon";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";

import { RestartLink } from "./restart";

/** Where the lead form, then the thank-you screen in its place, sits: its anchor after a post without JavaScript. */
export const LEAD_FORM_ID = "completa-tus-datos";

export type ThankYouContent = Pick<
  NonNullable<CalculatorPageQueryResult>["leadForm"],
  "thankYouTitle" | "thankYouText" | "resetLabel"
>;

export const ThankYou = forwardRef<HTMLHeadingElement, { id: string; content: Maybe<ThankYouContent> }>(
  function ThankYou({ id, content }, headingRef) {
    return (
      <section
        id={id}
        aria-labelledby={`${id}-gracias`}
        className="scroll-mt-24 rounded-3xl border border-slate-200 bg-white px-5 py-12 text-center shadow-xl shadow-slate-200/70 sm:px-10 sm:py-16"
        data-testid="calc-gracias"
      >
        <IconMark
          name="check"
          className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-emerald-100 text-emerald-700"
          iconClassName="h-8 w-8"
        />
        <h2
          ref={headingRef}
          id={`${id}-gracias`}
          tabIndex={-1}
          className="mt-6 text-balance text-3xl font-bold tracking-tight text-ink focus:outline-none"
        >
          {content?.thankYouTitle}
        </h2>
        {content?.thankYouText ? (
          <p className="mx-auto mt-4 max-w-xl text-pretty text-lg text-ink-soft">{content.thankYouText}</p>
        ) : null}
        <RestartLink className="btn-primary mt-8">{content?.resetLabel}</RestartLink>
      </section>
    );
  },
);
