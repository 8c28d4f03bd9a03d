/**
 * A small "i" button with a tooltip, and the tooltip's text as the page shows it without JavaScript. This
 * renders HTML only: what the button does (hover, focus, click or tap, Escape, a press outside; placement
 * and the top layer) is `startTooltips` in tooltips.ts beside it, one handler for the whole page, so the
 * button works the same whether React renders it live or it is server HTML kept as it is (a 'server-html'
 * island: /sectores' directory, app/pages/SectorsDirectory.tsx). A page with info buttons starts that
 * handler from an effect (app/routes/sectores._index.tsx).
 *
 * The text element is hidden while the tooltip works; app/no-js.css shows it when JavaScript is off (and
 * hides the button, which could not open anything). Not <noscript>: Chromium then built some later
 * accented text of this page with a U+FFFD (see frame.spec.ts).
 */
import { useId } from "react";

import { TOOLTIP_ATTRIBUTE } from "./tooltip-markup";

export function InfoTooltip({
  label,
  text,
  className = "",
  textClassName = "",
}: {
  label: string;
  text: string;
  /** The button's. */
  className?: string;
  /** The text's, as it shows without JavaScript. */
  textClassName?: string;
}) {
  const id = useId();
  return (
    <>
      <span hidden id={id} data-open-without-js="" className={textClassName}>
        {text}
      </span>
      <button
        type="button"
        aria-label={label}
        data-state="closed"
        data-hide-without-js=""
        {...{ [TOOLTIP_ATTRIBUTE]: id }}
        className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-brand-700 transition-colors hover:bg-brand-100 data-[state$=open]:bg-brand-100 ${className}`}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5.5M12 7.6v.01" strokeWidth="2.2" />
        </svg>
      </button>
    </>
  );
}
