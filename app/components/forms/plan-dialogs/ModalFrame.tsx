/**
 * The modal frame of a /mensual plan form (Radix Dialog: focus trapped inside, Escape and the close
 * button close it, the page behind is inert and does not scroll). Part of the forms' on-interaction chunk
 * (../PlanDialogModal.tsx); the form itself (state, fields, submission) is PlanDialog.tsx, framed here.
 *
 * The backdrop is a plain element rather than Dialog.Overlay: the overlay's scroll lock injects a
 * <style> element, which the pages' Content-Security-Policy (style-src 'self') refuses. A class on
 * <html> (tailwind.css) locks the page's scroll instead.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, type RefObject, useEffect } from "react";

import { CloseMark } from "~/components/ui/Toast";

/** Set on <html> while a dialog is open: the page behind does not scroll. */
const DIALOG_OPEN_CLASS = "dialog-open";

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
   * itself (Radix's first focus is then left out).
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
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add(DIALOG_OPEN_CLASS);
    return () => document.documentElement.classList.remove(DIALOG_OPEN_CLASS);
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto overscroll-contain bg-slate-950/60 p-4">
          <Dialog.Content
            className="relative my-8 w-full max-w-2xl rounded-3xl bg-white p-5 shadow-2xl focus:outline-none sm:p-8"
            onOpenAutoFocus={(event) => {
              if (onOpened?.(event.currentTarget as HTMLElement)) event.preventDefault();
            }}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
          >
            {toast}
            {/* Radix names the dialog by its own title id; the form points at the inner id. */}
            <Dialog.Title className="pr-10 text-2xl font-bold tracking-tight text-ink">
              <span id={titleId}>{title}</span>
            </Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-2 text-ink-soft">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            <div className="mt-6">{children}</div>
            <Dialog.Close className="absolute right-4 top-4 grid h-10 w-10 place-items-center rounded-xl text-ink-soft hover:bg-slate-100">
              <CloseMark label="Cerrar" />
            </Dialog.Close>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
