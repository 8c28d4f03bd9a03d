/**
 * A numbered process: the landing's four steps (id `proceso`), the plans page's four steps with their
 * durations, the Google Ads page's seven. Grid for short processes, a vertical timeline for long ones.
 */
import type { ReactNode } from "react";

import { Card } from "~/components/ui/Card";
import { Icon } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";

import { itemKey, type List, type Maybe, type StepContent } from "./content-shapes";

export function StepsSection({
  id,
  heading,
  intro,
  steps,
  tone = "white",
  layout = "grid",
  action,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  steps: List<StepContent>;
  tone?: "white" | "muted";
  layout?: "grid" | "timeline";
  action?: ReactNode;
}) {
  const list = steps ?? [];
  return (
    <Section id={id} labelledBy={`${id}-title`} tone={tone}>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} />
      {layout === "grid" ? <StepGrid steps={list} /> : <StepTimeline steps={list} />}
      {action ? <div className="mt-12 flex justify-center">{action}</div> : null}
    </Section>
  );
}

/** A step's number on its brand tile. */
export function StepNumber({ value }: { value: number }) {
  return (
    <span
      aria-hidden="true"
      className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-brand-600 text-lg font-bold text-white shadow-md shadow-brand-600/25"
    >
      {value}
    </span>
  );
}

function Duration({ value }: { value: string }) {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">
      <Icon name="clock" className="h-4 w-4" />
      {value}
    </p>
  );
}

/** The line joining a timeline step to the next one (none after the last). */
export function TimelineLine({ index, count }: { index: number; count: number }) {
  return index < count - 1 ? (
    <span
      aria-hidden="true"
      className="absolute left-6 top-14 h-[calc(100%-3.5rem)] w-px -translate-x-1/2 bg-brand-200"
    />
  ) : null;
}

/** Where a step's title, description and duration sit in each layout. */
const STEP_TEXT = {
  grid: {
    box: undefined,
    title: "pt-2.5 text-lg font-semibold text-ink sm:mt-5 sm:pt-0",
    description: "mt-2 leading-relaxed text-ink-soft",
    duration: "mt-3 sm:absolute sm:right-6 sm:top-8 sm:mt-0",
  },
  timeline: {
    box: "pt-2",
    title: "text-lg font-semibold text-ink",
    description: "mt-1.5 leading-relaxed text-ink-soft",
    duration: "mt-3",
  },
};

function StepText({ step, layout }: { step: StepContent; layout: keyof typeof STEP_TEXT }) {
  const look = STEP_TEXT[layout];
  return (
    <div className={look.box}>
      <h3 className={look.title}>{step.title}</h3>
      {step.description ? <p className={look.description}>{typesetText(step.description)}</p> : null}
      {step.duration ? (
        <div className={look.duration}>
          <Duration value={step.duration} />
        </div>
      ) : null}
    </div>
  );
}

function StepGrid({ steps }: { steps: ReadonlyArray<StepContent> }) {
  const columns = steps.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-4";
  return (
    <ol className={`mt-12 grid gap-6 sm:grid-cols-2 ${columns}`}>
      {steps.map((step, index) => (
        <Card as="li" key={itemKey(step, index)} className="relative flex gap-4 sm:flex-col sm:gap-0">
          <StepNumber value={index + 1} />
          <StepText step={step} layout="grid" />
        </Card>
      ))}
    </ol>
  );
}

function StepTimeline({ steps }: { steps: ReadonlyArray<StepContent> }) {
  return (
    <ol className="mx-auto mt-12 max-w-3xl">
      {steps.map((step, index) => (
        <li key={itemKey(step, index)} className="relative flex gap-5 pb-10 last:pb-0">
          <TimelineLine index={index} count={steps.length} />
          <StepNumber value={index + 1} />
          <StepText step={step} layout="timeline" />
        </li>
      ))}
    </ol>
  );
}
