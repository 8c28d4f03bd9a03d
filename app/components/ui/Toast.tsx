/**
 * A small toast: one message at a time, fixed under the header, announced politely (success) or
 * assertively (errors), closable, gone after a few seconds. Both live regions exist from the first
 * render so screen readers pick up what is put in them; a toast the server rendered (a post made
 * without JavaScript) is simply there. Texts are React children: never injected as HTML.
 */
import { useCallback, useEffect, useState } from "react";

import type { ToastMessage } from "~/forms/shared";

const TOAST_DURATION_MS = 7000;

export interface ToastState {
  message: ToastMessage;
  /** Changes on every show, so the same message shown twice is announced twice. */
  id: number;
}

export function useToast(initial: ToastMessage | null = null) {
  const [toast, setToast] = useState<ToastState | null>(() => (initial ? { message: initial, id: 0 } : null));
  const show = useCallback((message: ToastMessage) => setToast({ message, id: Date.now() }), []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

/** A close button's content: its name for assistive technology and the × drawn for the eye. */
export function CloseMark({ label }: { label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </>
  );
}

function ToastCard({ message, onDismiss }: { message: ToastMessage; onDismiss: () => void }) {
  const destructive = message.variant === "destructive";
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl p-4 shadow-xl ring-1 ${
        destructive ? "bg-red-700 text-white ring-red-800" : "bg-white text-ink ring-slate-200"
      }`}
      data-testid="toast"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{message.title}</p>
        <p className={`mt-0.5 text-sm ${destructive ? "text-red-50" : "text-ink-soft"}`}>{message.description}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className={`-m-1 grid h-9 w-9 shrink-0 place-items-center rounded-lg ${destructive ? "hover:bg-white/15" : "hover:bg-slate-100"}`}
      >
        <CloseMark label="Cerrar aviso" />
      </button>
    </div>
  );
}

export function Toast({ toast, onDismiss }: { toast: ToastState | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  const destructive = toast?.message.variant === "destructive";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex flex-col items-center gap-2 px-4">
      <div role="alert" aria-atomic="true" className="flex w-full justify-center">
        {toast && destructive ? <ToastCard key={toast.id} message={toast.message} onDismiss={onDismiss} /> : null}
      </div>
      <div role="status" aria-atomic="true" className="flex w-full justify-center">
        {toast && !destructive ? <ToastCard key={toast.id} message={toast.message} onDismiss={onDismiss} /> : null}
      </div>
    </div>
  );
}
