/**
 * The modal frame of a /mensual plan form: the browser's own `<dialog>`, opened with showModal(). The browser
 * makes the page behind inert and puts the dialog in the top layer; Escape closes it (its `close` event tells
 * the form). Here: the first focus (the form's first field, unless `onOpened` placed it), focus back on the
 * link that opened it, a press on the dimmed page outside the card closes it, and the page behind does not
 * scroll (a class on <html>, tailwind.css). Radix Dialog did this before at 7 KB (brotli) of the island; the
 * native element needs no script for it and injects no <style> the Content-Security-Policy would refuse.
 */
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from "react";

import { CloseMark } from "~/components/ui/Toast";

/** Set on <html> while a dialog is open: the page behind does not scroll. */
const DIALOG_OPEN_CLASS = "dialog-open";

/** What can take the first focus inside the card. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

export interface ModalFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  titleId: string;
  title?: string | null;
  description?: string | null;
  /** The link that opened the dialog: focus goes back to it on close. */
  opener: RefObject<HTMLElement | null>;
  /** Shown inside the dialog, above the title (messages about the form). */
  toast?: ReactNode;
  /**
   * Runs once the dialog's content is in the page, before its first focus; true when it placed the focus
   * itself (the first field's focus is then left out).
   */
  onOpened?: (content: HTMLElement) => boolean;
  children: ReactNode;
}

export function ModalFrame({
  open,
  onOpenChange,
  titleId,
  title,
  description,
  opener,
  toast,
  onOpened,
  children,
}: ModalFrameProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const pressedOutside = useRef(false);
  // The latest callbacks, for the effects and listeners below (which run once per open).
  const latest = useRef({ onOpenChange, onOpened });
  useEffect(() => {
    latest.current = { onOpenChange, onOpened };
  });

  // Layout effect: the dialog is shown (and focused) in the same frame as its content is rendered.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const card = cardRef.current;
    if (!open || !dialog || !card) return;
    // The link that opened this time (set before the open).
    const returnTo = opener.current;
    if (!dialog.open) dialog.showModal();
    document.documentElement.classList.add(DIALOG_OPEN_CLASS);
    if (!latest.current.onOpened?.(card)) card.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      document.documentElement.classList.remove(DIALOG_OPEN_CLASS);
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, opener]);

  return (
    // The keyboard's way out is Escape, the browser's own (the close event below); the click is the pointer's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-descripcion`}
      // Escape (or the browser's own close): the form hears it and empties a sent form.
      onClose={() => {
        if (open) latest.current.onOpenChange(false);
      }}
      // A press on the dimmed page around the card (the dialog's own box, not the card, nor its scrollbar)
      // closes it: on the click, once the press has run its course (closed at the pointer's press, the press
      // would then move the focus from the link it went back to); and only when the press began outside too
      // (a drag from a field out of the card is not a press outside).
      onPointerDown={(event) => {
        const dialog = event.currentTarget;
        pressedOutside.current = event.target === dialog && event.clientX < dialog.clientWidth;
      }}
      onClick={(event) => {
        if (pressedOutside.current && event.target === event.currentTarget) onOpenChange(false);
        pressedOutside.current = false;
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto overscroll-contain bg-transparent p-4 backdrop:bg-slate-950/60"
    >
      {open ? (
        <div
          ref={cardRef}
          className="relative mx-auto my-8 w-full max-w-2xl rounded-3xl bg-white p-5 shadow-2xl sm:p-8"
        >
          {toast}
          <h2 className="pr-10 text-2xl font-bold tracking-tight text-ink">
            <span id={titleId}>{title}</span>
          </h2>
          <p id={`${titleId}-descripcion`} className={description ? "mt-2 text-ink-soft" : "sr-only"}>
            {description || title}
          </p>
          <div className="mt-6">{children}</div>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="absolute right-4 top-4 grid h-10 w-10 place-items-center rounded-xl text-ink-soft hover:bg-slate-100"
          >
            <CloseMark label="Cerrar" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
