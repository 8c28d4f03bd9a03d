/**
 * 'Empezar de nuevo' and 'Realizar otra consulta': back to an empty calculator with the sector field focused.
 * A link to /calculadora, which without JavaScript (or from a campaign page's calculator) is a page load; on
 * /calculadora with the live island it starts again in place (CalculatorPageIsland in ./CalculatorPage.tsx:
 * no reload, the address loses its query, the page keeps its scroll).
 */
import { createContext, type ReactNode, useContext } from "react";

import { CALCULATOR_PATH } from "~/components/sections/sector/labels";

/** Starts the calculator again in place; null where a restart is a page load. */
export const CalculatorRestart = createContext<(() => void) | null>(null);

export function RestartLink({ className, children }: { className: string; children: ReactNode }) {
  const restart = useContext(CalculatorRestart);
  return (
    <a
      href={CALCULATOR_PATH}
      className={className}
      onClick={
        restart
          ? (event) => {
              event.preventDefault();
              restart();
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}
