/**
 * The state every lead form component shares: a post to the page's own action made from the page
 * (useFormPost), the answer of a post made without JavaScript (the island env's actionData), per-field Spanish errors (from the shared
 * schema before sending, from the server after), the toast, the "sent" state and its reset, and the one
 * place a stored lead is reported (onLeadStored).
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

import { formActionUrl, useIslandEnv } from "~/components/islands/island-env";
import { useFormPost } from "~/components/islands/use-form-post";
import { useToast } from "~/components/ui/Toast";
import {
  type FieldErrors,
  isLeadActionData,
  type LeadActionData,
  leadAnswerFor,
  type LeadFormDefinition,
  readLeadValues,
  successToast,
  type ToastMessage,
} from "~/forms/shared";
import { requiredFieldsOf, validateLead } from "~/forms/validate";
import { useHydrated } from "~/lib/use-hydrated";

import { onLeadStored } from "./lead-events";

type AnyLeadForm = LeadFormDefinition<unknown>;

/** A page's own success wording (content); the toast uses it when both texts are there. */
export interface SuccessContent {
  successTitle?: string | null;
  successText?: string | null;
}

/** The toast for an answer: on success the page's own wording when it has both texts, else the form's. */
function toastOf(
  definition: AnyLeadForm,
  answer: LeadActionData,
  content: SuccessContent | null | undefined,
): ToastMessage {
  if (answer.ok) {
    return content?.successTitle && content.successText
      ? successToast(content.successTitle, content.successText)
      : definition.successToast;
  }
  return answer.unreachable ? definition.failureToast : answer.toast;
}

/** Focuses the first control named in `fieldErrors`, in document order. */
export function focusFirstInvalid(form: HTMLFormElement, fieldErrors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && fieldErrors[name] && typeof (element as HTMLElement).focus === "function") {
      (element as HTMLElement).focus();
      return;
    }
  }
}

export interface LeadFormOptions {
  /** The id of the element around the form: a post without JavaScript comes back scrolled to it. */
  anchor: string;
  /** Content whose success wording replaces the form's default success toast. */
  successContent?: SuccessContent | null;
}

/** What a lead form field takes from the form's state: its name, its error, the value a refused post kept. */
export interface FieldBinding {
  name: string;
  /** Marked required where the form's schema refuses the field empty (requiredFieldsOf). */
  required: boolean;
  error: string | undefined;
  defaultValue: string | undefined;
}

export function useLeadForm(definition: AnyLeadForm, { anchor, successContent }: LeadFormOptions) {
  const env = useIslandEnv();
  const fetcher = useFormPost();
  const pageData = env.actionData;
  const pageAnswer = leadAnswerFor(definition.kind, pageData);
  const fetcherAnswer: LeadActionData | null =
    fetcher.data === undefined
      ? null
      : isLeadActionData(fetcher.data)
        ? fetcher.data
        : { ok: false, form: null, toast: definition.failureToast, unreachable: true };
  const answer = fetcherAnswer ?? pageAnswer;

  const [dismissed, setDismissed] = useState<LeadActionData | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(() =>
    pageAnswer && !pageAnswer.ok ? (pageAnswer.fieldErrors ?? {}) : {},
  );
  const { toast, show, dismiss } = useToast(pageAnswer ? toastOf(definition, pageAnswer, successContent) : null);
  const [formKey, setFormKey] = useState(0);
  const reported = useRef<string | null>(null);
  const hydrated = useHydrated();

  // Each new answer (a fetcher answer, or the page's after a post without JavaScript) brings its field
  // errors; adjusted while rendering, so the errors never show one render late.
  const [answered, setAnswered] = useState({ fetcherData: fetcher.data, pageData });
  if (answered.fetcherData !== fetcher.data || answered.pageData !== pageData) {
    setAnswered({ fetcherData: fetcher.data, pageData });
    if (answer && !answer.ok) setErrors(answer.fieldErrors ?? {});
  }

  useEffect(() => {
    const current = fetcherAnswer ?? pageAnswer;
    if (!current) return;
    if (current.ok) {
      if (reported.current === current.id) return;
      reported.current = current.id;
      onLeadStored({ form: definition.kind, id: current.id });
    }
    if (current === fetcherAnswer) show(toastOf(definition, current, successContent));
    // Runs once per answer object: a new fetcher answer, or the page's answer on first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, pageData]);

  /** Checks with the shared schema before anything is sent; on failure nothing is sent. */
  const validate = useCallback(
    (form: HTMLFormElement): boolean => {
      const result = validateLead(definition, readLeadValues(definition, new FormData(form)));
      if (result.success) {
        setErrors({});
        return true;
      }
      setErrors(result.fieldErrors);
      show(definition.invalidToast(result.fieldErrors));
      focusFirstInvalid(form, result.fieldErrors);
      return false;
    },
    [definition, show],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!validate(event.currentTarget)) event.preventDefault();
    },
    [validate],
  );

  /** A field's error clears as soon as it is edited. */
  const onChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  /** Back to an empty form (after success: 'Enviar otro mensaje', or closing a dialog). */
  const reset = useCallback(() => {
    setDismissed(answer);
    setErrors({});
    setFormKey((key) => key + 1);
    dismiss();
  }, [answer, dismiss]);

  const sent = answer?.ok === true && answer !== dismissed;
  const keptValues = answer && !answer.ok && answer !== dismissed ? answer.values : undefined;
  // Without JavaScript the browser follows the hash back to this form once the action has answered.
  const action = `${formActionUrl(env)}#${anchor}`;

  /** Spread into a field: `<TextField {...lead.field("email")} label="Email" />`. */
  const required = requiredFieldsOf(definition);
  const field = (name: string): FieldBinding => ({
    name,
    required: required.has(name),
    error: errors[name],
    defaultValue: keptValues?.[name],
  });

  return {
    fetcher,
    action,
    /** True once React runs: forms may then take over the browser's own checks (noValidate). */
    hydrated,
    answer,
    sent,
    submitting: fetcher.state !== "idle",
    errors,
    keptValues,
    field,
    formKey,
    toast,
    dismissToast: dismiss,
    validate,
    onSubmit,
    onChange,
    reset,
  };
}

export type LeadForm = ReturnType<typeof useLeadForm>;
