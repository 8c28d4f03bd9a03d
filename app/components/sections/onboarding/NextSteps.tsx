/**
 * /siguiente: the five onboarding steps as a numbered timeline (a step may carry a link, the first one
 * to the draft contract), then the contact block with email, WhatsApp and video-call booking links.
 */
import { CtaLink } from "~/components/ui/CtaLink";
import { safeHref } from "~/components/ui/PortableText";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";
import type { NextStepsPageQueryResult } from "~/content/sanity.types";

import { itemKey, type List, type Maybe, type NextStepContent } from "../content-shapes";
import { StepNumber, TimelineLine } from "../StepsSection";

export function NextStepsList({ id, steps }: { id: string; steps: List<NextStepContent> }) {
  const list = steps ?? [];
  return (
    <div id={id} className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <ol>
        {list.map((step, index) => {
          const href = safeHref(step.linkHref);
          return (
            <li key={itemKey(step, index)} className="relative flex gap-5 pb-10 last:pb-0 sm:gap-6">
              <TimelineLine index={index} count={list.length} />
              <StepNumber value={index + 1} />
              <div className="min-w-0 flex-1 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm shadow-slate-200/60 sm:p-6">
                <h2 className="text-lg font-semibold text-ink sm:text-xl">{step.title}</h2>
                {step.description ? (
                  <p className="mt-2 leading-relaxed text-ink-soft">{typesetText(step.description)}</p>
                ) : null}
                {step.linkLabel && href ? (
                  <CtaLink href={href} variant="secondary" icon="document" className="mt-4">
                    {step.linkLabel}
                  </CtaLink>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export type NextStepsContactContent = NonNullable<NextStepsPageQueryResult>["contact"];

export function NextStepsContact({
  id,
  contact,
  email,
  whatsappHref,
  bookingUrl,
}: {
  id: string;
  contact: Maybe<NextStepsContactContent>;
  email: Maybe<string>;
  whatsappHref: Maybe<string>;
  bookingUrl: Maybe<string>;
}) {
  const booking = safeHref(bookingUrl);
  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted">
      <SectionHeading id={`${id}-title`} title={contact?.heading} intro={contact?.text} />
      <div className="mt-10 flex flex-col items-stretch justify-center gap-4 sm:flex-row sm:flex-wrap sm:items-center">
        {email && contact?.emailLabel ? (
          <CtaLink href={`mailto:${email}`} icon="mail">
            {contact.emailLabel}
          </CtaLink>
        ) : null}
        {whatsappHref && contact?.whatsappLabel ? (
          <CtaLink href={whatsappHref} variant="secondary" icon="chat">
            {contact.whatsappLabel}
          </CtaLink>
        ) : null}
        {booking && contact?.bookingLabel ? (
          <CtaLink href={booking} variant="secondary">
            {contact.bookingLabel}
          </CtaLink>
        ) : null}
      </div>
    </Section>
  );
}
