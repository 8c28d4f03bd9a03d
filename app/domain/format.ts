/**
 * Numbers as a Spanish visitor reads them (es-ES): money ('280,00 €', '15.000 €'), plain numbers
 * ('1.500', '53,33') and percentages ('22 %', '+150 %'). Pure and total: a value that is not a finite
 * number prints as an em dash instead of 'NaN €'.
 *
 * Thousands are always grouped ('3.000 €', not CLDR's default '3000 €' for four digits) so that figures
 * in one column or one card read alike.
 *
 * Written out here instead of through Intl.NumberFormat, with exactly its es-ES output (a unit test
 * compares the two over thousands of values): a browser's first Intl number formatter loads ICU data,
 * which costs a mid-range phone some 40 ms in the middle of hydrating any page that shows a price.
 */

/** Printed for values that are not finite numbers. */
export const NOT_A_NUMBER = "—";

/** es-ES puts a no-break space between a number and its unit. */
const UNIT_SPACE = "\u00a0";

/**
 * A fixed number of decimals, or "auto": for money none on whole amounts and two otherwise
 * ('110 €', '53,33 €'); for other numbers up to two, without trailing zeros ('12,5 %').
 */
export type Decimals = number | "auto";

type Style = { unit?: "€" | "%"; signed?: boolean; money?: boolean };

function fractionRange(value: number, decimals: Decimals, money: boolean): [min: number, max: number] {
  if (decimals !== "auto") {
    const fixed = Math.max(0, Math.min(20, Math.trunc(decimals)));
    return [fixed, fixed];
  }
  if (!money) return [0, 2];
  const cents = Number.isInteger(Number(value.toFixed(2))) ? 0 : 2;
  return [cents, cents];
}

function format(value: number, { unit, signed = false, money = false }: Style, decimals: Decimals): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const [min, max] = fractionRange(value, decimals, money);
  // Round first and `+ 0` turns -0 into 0, so -0,001 € never prints as '-0,00 €'.
  const rounded = Number(value.toFixed(max)) + 0;
  const magnitude = Math.abs(rounded);
  // toFixed switches to exponent notation from 1e21 on; doubles that large are whole numbers anyway.
  const [whole, fraction = ""] = magnitude < 1e21 ? magnitude.toFixed(max).split(".") : [BigInt(magnitude).toString()];
  const digits = fraction.replace(/0+$/, "").padEnd(min, "0");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ".");
  const sign = rounded < 0 ? "-" : signed && rounded > 0 ? "+" : "";
  return `${sign}${grouped}${digits ? `,${digits}` : ""}${unit ? UNIT_SPACE + unit : ""}`;
}

/** Euros: '280,00 €' (default two decimals), '15.000 €' with `{ decimals: 0 }`, '53,33 €' / '110 €' with "auto". */
export function formatEuros(value: number, { decimals = 2 }: { decimals?: Decimals } = {}): string {
  return format(value, { unit: "€", money: true }, decimals);
}

/** A plain number: '1.500', '53,33', '2,5' (default "auto" decimals). */
export function formatNumber(value: number, { decimals = "auto" }: { decimals?: Decimals } = {}): string {
  return format(value, {}, decimals);
}

/** A whole number with thousands grouped: '15.000'. Fractions are rounded. */
export function formatInteger(value: number): string {
  return format(value, {}, 0);
}

/**
 * A percentage given in percent units (150 → '150 %'). `signed` adds '+' to positive values
 * ('+150 %', '-12 %', '0 %').
 */
export function formatPercent(
  value: number,
  { signed = false, decimals = "auto" }: { signed?: boolean; decimals?: Decimals } = {},
): string {
  return format(value, { unit: "%", signed }, decimals);
}
