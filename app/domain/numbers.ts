/**
 * Numbers as a Spanish visitor types them ('2.000', '35,5', '1.500,50 €', ' 2 000 ') and the checks
 * every numeric field needs, with Spanish messages. Pure: no NaN, no Infinity, no exceptions escape.
 */

/** Longer input is not a number anyone types by hand. */
const MAX_INPUT_LENGTH = 40;

const UNIT_PATTERN = /^\s*(?:€|eur(?:os?)?)|(?:€|eur(?:os?)?|%)\s*$/giu;
const MINUS_SIGNS = /^[-\u2212\u2012\u2013]/u;
const SPACE_RUNS = /[\s\u00a0\u202f\u2009]+/gu;

/** Thousands grouping: 1 to 3 digits, then groups of exactly 3. */
function isGrouped(parts: string[]): boolean {
  return /^\d{1,3}$/.test(parts[0] ?? "") && parts.slice(1).every((part) => /^\d{3}$/.test(part));
}

function parseUnsigned(body: string): number | null {
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return null;
  const dots = body.split(".").length - 1;
  const commas = body.split(",").length - 1;
  let integer: string;
  let fraction = "";
  if (dots > 0 && commas > 0) {
    // Both present: the last one is the decimal separator, the other groups thousands.
    const decimal = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
    const grouping = decimal === "," ? "." : ",";
    if (body.split(decimal).length !== 2) return null;
    const [whole, decimals] = body.split(decimal) as [string, string];
    if (!isGrouped(whole.split(grouping)) || !/^\d+$/.test(decimals)) return null;
    integer = whole.split(grouping).join("");
    fraction = decimals;
  } else if (dots + commas === 0) {
    integer = body;
  } else {
    const separator = dots > 0 ? "." : ",";
    const parts = body.split(separator);
    // '2.000' is two thousand; '35,5' and '53.33' are decimals; '1.000.000' and '1,000,000' group thousands.
    const groupsThousands = parts.length > 2 || (separator === "." && isGrouped(parts) && parts[0] !== "0");
    if (groupsThousands) {
      if (!isGrouped(parts)) return null;
      integer = parts.join("");
    } else {
      const [whole, decimals] = parts as [string, string];
      if (!/^\d*$/.test(whole) || !/^\d+$/.test(decimals)) return null;
      integer = whole || "0";
      fraction = decimals;
    }
  }
  if (!/^\d+$/.test(integer)) return null;
  const value = Number(fraction ? `${integer}.${fraction}` : integer);
  return Number.isFinite(value) ? value : null;
}

/**
 * Reads a number typed in Spanish (or plain) notation. Returns null for empty or non-numeric text.
 * Spaces group thousands (' 2 000 '), a trailing or leading '€', 'EUR' or '%' is ignored.
 */
export function parseSpanishNumber(input: string | number | null | undefined): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null;
  if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return null;
  let text = input.replace(UNIT_PATTERN, " ").trim();
  let sign = 1;
  if (MINUS_SIGNS.test(text)) {
    sign = -1;
    text = text.slice(1).trim();
  } else if (text.startsWith("+")) {
    text = text.slice(1).trim();
  }
  text = text.replace(SPACE_RUNS, " ");
  if (text.includes(" ")) {
    // Spaces may only separate thousands groups: '2 000', '1 500,50'.
    if (!/^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/.test(text)) return null;
    text = text.replaceAll(" ", "");
  }
  const value = parseUnsigned(text);
  return value === null ? null : sign * value + 0;
}

export interface AmountRules {
  /** The field is empty. */
  required: string;
  /** The text is not a number. */
  invalid: string;
  /** The value is zero or negative. */
  positive: string;
  /** Upper bound (inclusive) and its message. */
  max: { value: number; message: string };
}

export type AmountCheck = { ok: true; value: number } | { ok: false; error: string; empty: boolean };

/** Checks a typed amount that must be a positive number up to a limit; every failure has a message. */
export function checkPositiveAmount(input: string | null | undefined, rules: AmountRules): AmountCheck {
  if (input == null || input.trim() === "") return { ok: false, error: rules.required, empty: true };
  const value = parseSpanishNumber(input);
  if (value === null) return { ok: false, error: rules.invalid, empty: false };
  if (value <= 0) return { ok: false, error: rules.positive, empty: false };
  if (value > rules.max.value) return { ok: false, error: rules.max.message, empty: false };
  return { ok: true, value };
}

/**
 * Writes a number back into an input the way a Spanish visitor would type it: no thousands separator,
 * decimal comma, at most two decimals ('35', '53,33', '1500,5').
 */
export function toInputText(value: number): string {
  if (!Number.isFinite(value)) return "";
  const rounded = Math.round(value * 100) / 100;
  return String(rounded).replace(".", ",");
}
