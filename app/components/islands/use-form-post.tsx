/**
 * A form that posts to the page's own action from the page, without Remix's runtime: the island's
 * replacement for `useFetcher` (its `data`, `state`, `submit` and `Form`, nothing more). The answer is the
 * action's JSON (Remix's data request, `dataRequestUrl`); a network failure, or an answer that is not JSON,
 * is `{ unreachable: true }`, a new object each time, so the same failure twice is shown twice. The form
 * element itself keeps `method="post"` and its `action`: without JavaScript it is the page's plain POST.
 */
import { type ComponentProps, forwardRef, useCallback, useEffect, useRef, useState } from "react";

import { dataRequestUrl, useIslandEnv } from "./island-env";

/** What a post brings back when no answer came: the form shows its failure toast and keeps every field. */
export interface NoAnswer {
  unreachable: true;
}

export interface SubmitOptions {
  /** URL-encoded (the default) or multipart, as the form's own encoding would be. */
  encType?: "application/x-www-form-urlencoded" | "multipart/form-data";
}

/** The fields of `form` as its submit would send them, the button pressed included. */
function formDataOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData {
  try {
    return new FormData(form, submitter);
  } catch {
    // A browser without the submitter argument (before 2023): the button's own name and value, by hand.
    const data = new FormData(form);
    const button = submitter as HTMLButtonElement | null;
    if (button?.name) data.append(button.name, button.value);
    return data;
  }
}

function bodyOf(data: FormData, encType: SubmitOptions["encType"]): BodyInit {
  if (encType === "multipart/form-data") return data;
  const params = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === "string") params.append(name, value);
  return params;
}

export function useFormPost() {
  const env = useIslandEnv();
  const [data, setData] = useState<unknown>(undefined);
  const [pending, setPending] = useState(0);
  // Only the latest post's answer counts (a second send while the first is under way).
  const latest = useRef(0);
  const url = dataRequestUrl(env);

  const submit = useCallback(
    async (fields: FormData, options: SubmitOptions = {}) => {
      const post = ++latest.current;
      setPending((count) => count + 1);
      let answer: unknown;
      try {
        const response = await fetch(url, {
          method: "POST",
          body: bodyOf(fields, options.encType),
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        answer = await response.json();
      } catch {
        answer = { unreachable: true } satisfies NoAnswer;
      }
      setPending((count) => count - 1);
      if (post === latest.current) setData(answer);
    },
    [url],
  );

  // The form's handler calls the latest `submit` (its address follows the env); set after each render.
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  /** A `<form>` whose valid submit goes through `submit` (a handler that calls `preventDefault` keeps it). */
  const [Form] = useState(() =>
    forwardRef<HTMLFormElement, ComponentProps<"form">>(function PostingForm({ onSubmit, ...props }, ref) {
      return (
        <form
          ref={ref}
          {...props}
          onSubmit={(event) => {
            onSubmit?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            const form = event.currentTarget;
            const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
            void submitRef.current(formDataOf(form, submitter), {
              encType: form.enctype === "multipart/form-data" ? "multipart/form-data" : undefined,
            });
          }}
        />
      );
    }),
  );

  return { data, state: pending > 0 ? ("submitting" as const) : ("idle" as const), submit, Form };
}

export type FormPost = ReturnType<typeof useFormPost>;
