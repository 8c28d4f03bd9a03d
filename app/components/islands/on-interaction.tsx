/**
 * A form whose code waits for the visitor: the 'on-interaction' hydration of island.tsx
 * (docs/decisions/0010-forms-on-interaction.md).
 *
 * The server renders the form; hydration keeps that HTML as it is (static-html.tsx), so a page's startup
 * script carries none of the form's code. The server's form already works: it is a plain POST to the
 * page's action. The code is fetched when the visitor reaches for the form (a pointer over it, a touch, a
 * keyboard focus or any input inside it), or at once when the page is the answer to a post. Once it is in, the live
 * form takes the place of the server's HTML in one synchronous step that carries over what the visitor
 * did meanwhile:
 * - every value typed, chosen or ticked, and a file picked (written through the controls, so React's
 *   state follows);
 * - the focus and the caret, so typing goes on in the same field;
 * - a send made before the code arrived: it was held (no reload), and is made again by the live form,
 *   with its in-place checks. Should the code not arrive (a failed download, or 5 s), the held form is
 *   sent as without JavaScript, with the browser's own checks: the lead is never lost.
 * A press in progress is let finish first, so a click is never split between the two forms.
 *
 * Without server HTML (the server's render, a client-side navigation, a draft preview) the form is live at
 * once, like any module component (client-modules.tsx).
 */
import {
  type FormEvent,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";

import { isModuleReady, LIVE_AT_ONCE, loadMarkedModules, loadModule, MODULE_ATTRIBUTE } from "./client-modules";
import { applyState, readState } from "./form-state";
import { useIslandEnv } from "./island-env";
import { HELD_SEND_TIMEOUT_MS, type HeldSend, submitHeld, submittersOf } from "./island-markup";
import { KeptElement, keptElement, LoadingBoundary, useKeptHtml } from "./static-html";

/** `children` (the component of `module`), kept as the server's HTML until the visitor reaches for it. */
export function LiveOnInteraction({ module, children }: { module: string; children: ReactNode }) {
  // The answer to a post: its messages may need the live form, so the code is fetched at once.
  const eager = useIslandEnv().actionData != null;
  const id = useId();
  const html = useKeptHtml(id);
  const [live, setLive] = useState(html === null);
  const control = useRef({
    requested: false,
    swapped: html === null,
    pressing: false,
    swapWaiting: false,
    held: null as HeldSend | null,
    sendNatively: false,
  });

  const swap = useCallback(() => {
    const current = control.current;
    if (current.swapped || current.sendNatively) return;
    if (current.pressing) {
      current.swapWaiting = true;
      return;
    }
    const kept = keptElement(id);
    const state = kept ? readState(kept) : null;
    current.swapped = true;
    flushSync(() => setLive(true));
    const next = keptElement(id);
    if (!next) return;
    if (state) applyState(next, state);
    const held = current.held;
    current.held = null;
    if (held) submitHeld(next, held);
  }, [id]);

  /** The held send, made by the server's form as without JavaScript (the code did not come). */
  const sendHeldNatively = useCallback(() => {
    const current = control.current;
    const held = current.held;
    if (current.swapped || !held) return;
    current.held = null;
    current.sendNatively = true;
    const kept = keptElement(id);
    if (!kept) return;
    kept.querySelectorAll("form").forEach((form) => (form.noValidate = form.hasAttribute("data-server-novalidate")));
    submitHeld(kept, held);
  }, [id]);

  const request = useCallback(() => {
    const current = control.current;
    if (current.requested || current.swapped) return;
    current.requested = true;
    loadModule(module)
      // What the form itself loads live at once (the calculator's lead form, when the server showed it).
      .then(async () => {
        const kept = keptElement(id);
        if (!kept) return;
        await loadMarkedModules(kept, LIVE_AT_ONCE);
        const marked = Array.from(kept.querySelectorAll(LIVE_AT_ONCE), (element) =>
          element.getAttribute(MODULE_ATTRIBUTE),
        );
        // Taking over with a part still missing would show a gap where the server's form was.
        if (!marked.every((key) => key === null || isModuleReady(key))) throw new Error("missing module");
      })
      .then(swap, () => {
        // Asked for again at the next reach (loadModule forgets a failed download).
        current.requested = false;
        sendHeldNatively();
      });
  }, [id, module, swap, sendHeldNatively]);

  useEffect(() => {
    if (html === null) return;
    // The live form makes its own checks, in place and in Spanish, once its code is in: the browser's
    // would stop a send before it can be held. They come back if the send goes natively.
    keptElement(id)
      ?.querySelectorAll("form")
      .forEach((form) => {
        if (form.noValidate) form.setAttribute("data-server-novalidate", "");
        form.noValidate = true;
      });
    if (eager) request();
  }, [html, id, eager, request]);

  const onPress = useCallback(() => {
    control.current.pressing = true;
    request();
    const release = () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
      // After the click this press makes (dispatched in the same task as pointerup).
      setTimeout(() => {
        control.current.pressing = false;
        if (control.current.swapWaiting) swap();
      }, 0);
    };
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
  }, [request, swap]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLElement>) => {
      const current = control.current;
      if (current.sendNatively) return;
      const form = event.target as HTMLFormElement;
      const forms = Array.from(keptElement(id)?.querySelectorAll("form") ?? []);
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      event.preventDefault();
      current.held = {
        form: Math.max(0, forms.indexOf(form)),
        submitter: submitter ? Math.max(0, submittersOf(form).indexOf(submitter)) : 0,
      };
      request();
      window.setTimeout(sendHeldNatively, HELD_SEND_TIMEOUT_MS);
    },
    [id, request, sendHeldNatively],
  );

  if (!live && html !== null) {
    const reach = (_event: SyntheticEvent) => request();
    return (
      <KeptElement
        id={id}
        html={html}
        module={module}
        marked
        handlers={{
          onPointerOverCapture: reach,
          onFocusCapture: reach,
          onKeyDownCapture: reach,
          onInputCapture: reach,
          onPointerDownCapture: onPress,
          onSubmitCapture: onSubmit,
        }}
      />
    );
  }
  return (
    <KeptElement key="live" id={id} html={null} module={module} marked>
      <LoadingBoundary>{children}</LoadingBoundary>
    </KeptElement>
  );
}
