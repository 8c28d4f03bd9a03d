/**
 * What a visitor did to a server-rendered form before its live code took over (values, ticks, a chosen file,
 * the focus and the caret), read from one copy of the form and written into another, so the live form goes on
 * where the visitor was: the 'on-interaction' swap (on-interaction.tsx) and /mensual's in-page form becoming
 * its dialog (app/components/forms/plan-dialogs/PlanDialog.tsx, through ./mount.tsx). Browser only.
 */
export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What the visitor did to the server's form: values, focus, caret. Hidden fields are the page's own. */
export interface FormState {
  values: { form: number; name: string; nth: number; value: string; checked: boolean; files: FileList | null }[];
  focus: { form: number; name: string; nth: number; start: number | null; end: number | null } | null;
}

export function controlsOf(form: HTMLFormElement): Control[] {
  return (Array.from(form.elements) as Control[]).filter(
    (element) =>
      element.name &&
      (element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement ||
        (element instanceof HTMLInputElement &&
          !["hidden", "submit", "button", "reset", "image"].includes(element.type))),
  );
}

/** The control's place among those of the same name (radio buttons share one). */
function nthOfName(controls: Control[], control: Control): number {
  return controls.filter((other) => other.name === control.name).indexOf(control);
}

function findControl(root: Element, form: number, name: string, nth: number): Control | undefined {
  const target = root.querySelectorAll("form")[form];
  return target ? controlsOf(target).filter((control) => control.name === name)[nth] : undefined;
}

export function readState(root: Element): FormState {
  const state: FormState = { values: [], focus: null };
  root.querySelectorAll("form").forEach((form, formIndex) => {
    const controls = controlsOf(form);
    for (const control of controls) {
      const nth = nthOfName(controls, control);
      state.values.push({
        form: formIndex,
        name: control.name,
        nth,
        value: control.value,
        checked: control instanceof HTMLInputElement && control.checked,
        files: control instanceof HTMLInputElement && control.type === "file" ? control.files : null,
      });
      if (control === document.activeElement) {
        let start: number | null = null;
        let end: number | null = null;
        try {
          // Null, or a throw, for controls without a caret (email, number, select).
          start = (control as HTMLInputElement).selectionStart;
          end = (control as HTMLInputElement).selectionEnd;
        } catch {
          /* no caret to keep */
        }
        state.focus = { form: formIndex, name: control.name, nth, start, end };
      }
    }
  });
  return state;
}

/** Sets a control's value as typing would, so a controlled field's state follows (React reads events). */
function writeValue(control: Control, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

export function applyState(root: Element, state: FormState) {
  for (const saved of state.values) {
    const control = findControl(root, saved.form, saved.name, saved.nth);
    if (!control) continue;
    if (control instanceof HTMLInputElement && control.type === "file") {
      // A chosen file (the service-start logo) moves to the live field, which then checks it.
      if (saved.files?.length) {
        control.files = saved.files;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      }
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      // A click toggles it and tells React, as the visitor's own click would have.
      if (control.checked !== saved.checked) control.click();
    } else if (control.value !== saved.value) {
      writeValue(control, saved.value);
    }
  }
  if (!state.focus) return;
  const { form, name, nth, start, end } = state.focus;
  const control = findControl(root, form, name, nth);
  if (!control) return;
  control.focus({ preventScroll: true });
  if (start !== null && end !== null) {
    try {
      (control as HTMLInputElement).setSelectionRange(start, end);
    } catch {
      /* no caret to set */
    }
  }
}

/**
 * Whether the visitor has started on the forms under `root`: a value typed or chosen, a box ticked, a file
 * picked (anything that differs from what the server sent), or the focus inside.
 */
export function hasVisitorInput(root: Element): boolean {
  if (document.activeElement instanceof Node && root.contains(document.activeElement)) return true;
  return Array.from(root.querySelectorAll("form")).some((form) =>
    controlsOf(form).some((control) => {
      if (control instanceof HTMLSelectElement)
        return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
      if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
        return control.checked !== control.defaultChecked;
      if (control instanceof HTMLInputElement && control.type === "file") return Boolean(control.files?.length);
      return control.value !== control.defaultValue;
    }),
  );
}
