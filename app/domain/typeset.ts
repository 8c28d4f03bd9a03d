/**
 * Content text set the es-ES way (the units of app/domain/format.ts's numbers). A module of its own:
 * every page with live text uses it, few of them format numbers.
 */

/** es-ES puts a no-break space between a number and its unit. */
const UNIT_SPACE = "\u00a0";

/**
 * Content text set the es-ES way: a no-break space between a number and its unit, so no unit wraps
 * alone, and one percent style ('150%' and '150 %' → '150 %'; '500 €', '24-48 h', '30 días').
 */
export function typeset(text: string): string {
  return text
    .replace(/(\d)[ \u00a0]?%/g, `$1${UNIT_SPACE}%`)
    .replace(/(\d) (€|h\b|horas\b|días\b|min\b|meses\b|años\b|semanas\b|leads\b|clientes\b)/g, `$1${UNIT_SPACE}$2`);
}
