import { formatEuros, formatInteger, formatNumber, formatPercent, NOT_A_NUMBER } from "~/domain/format";
import { typeset } from "~/domain/typeset";

// es-ES separates the number and its unit with a no-break space.
const nbsp = "\u00a0";

describe("es-ES formatting", () => {
  it("writes money with a decimal comma and two decimals by default: '280,00 €'", () => {
    expect(formatEuros(280)).toBe(`280,00${nbsp}€`);
    expect(formatEuros(53.333)).toBe(`53,33${nbsp}€`);
    expect(formatEuros(1234.5)).toBe(`1.234,50${nbsp}€`);
  });

  it("groups thousands with a dot, also for four-digit amounts: '15.000 €', '3.000 €'", () => {
    expect(formatEuros(15000, { decimals: 0 })).toBe(`15.000${nbsp}€`);
    expect(formatEuros(3000, { decimals: 0 })).toBe(`3.000${nbsp}€`);
    expect(formatEuros(1250000, { decimals: 0 })).toBe(`1.250.000${nbsp}€`);
    expect(formatEuros(999, { decimals: 0 })).toBe(`999${nbsp}€`);
  });

  it("shows cents only when there are any with decimals 'auto'", () => {
    expect(formatEuros(110, { decimals: "auto" })).toBe(`110${nbsp}€`);
    expect(formatEuros(53.33, { decimals: "auto" })).toBe(`53,33${nbsp}€`);
    expect(formatEuros(1132.5, { decimals: "auto" })).toBe(`1.132,50${nbsp}€`);
    expect(formatEuros(109.999, { decimals: "auto" })).toBe(`110${nbsp}€`);
  });

  it("writes plain and whole numbers with Spanish separators", () => {
    expect(formatInteger(15000)).toBe("15.000");
    expect(formatInteger(1500)).toBe("1.500");
    expect(formatInteger(136.6)).toBe("137");
    expect(formatNumber(53.33)).toBe("53,33");
    expect(formatNumber(40)).toBe("40");
    expect(formatNumber(2.5, { decimals: 1 })).toBe("2,5");
  });

  it("writes percentages with a space before the sign, and a plus sign when asked: '+150 %'", () => {
    expect(formatPercent(22)).toBe(`22${nbsp}%`);
    expect(formatPercent(150, { signed: true })).toBe(`+150${nbsp}%`);
    expect(formatPercent(-13, { signed: true })).toBe(`-13${nbsp}%`);
    expect(formatPercent(0, { signed: true })).toBe(`0${nbsp}%`);
    expect(formatPercent(12.5)).toBe(`12,5${nbsp}%`);
    expect(formatPercent(1566, { signed: true })).toBe(`+1.566${nbsp}%`);
  });

  it("never prints '-0' for values that round to zero", () => {
    expect(formatEuros(-0.001)).toBe(`0,00${nbsp}€`);
    expect(formatPercent(-0.2, { signed: true, decimals: 0 })).toBe(`0${nbsp}%`);
  });

  it("prints a dash instead of NaN or Infinity", () => {
    expect(formatEuros(Number.NaN)).toBe(NOT_A_NUMBER);
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe(NOT_A_NUMBER);
    expect(formatInteger(Number.NaN)).toBe(NOT_A_NUMBER);
  });
});

describe("the same text as Intl.NumberFormat('es-ES')", () => {
  // The formatter the module replaced (it pre-rounds with toFixed, as the module does).
  const formatters = new Map<string, Intl.NumberFormat>();
  function intl(value: number, options: Intl.NumberFormatOptions, min: number, max: number) {
    const all = { useGrouping: true, ...options, minimumFractionDigits: min, maximumFractionDigits: max } as const;
    const key = JSON.stringify(all);
    if (!formatters.has(key)) formatters.set(key, new Intl.NumberFormat("es-ES", all));
    return formatters.get(key)!.format(Number(value.toFixed(max)) + 0);
  }

  /** Deterministic values of every size: whole, with cents, long fractions, negative, halfway cases. */
  function samples(): number[] {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [
      0,
      -0,
      0.005,
      0.5,
      1,
      9.995,
      99.5,
      999,
      1000,
      1234.5,
      9999.995,
      1e6,
      123456789.123,
      2 ** 53,
      1e21,
      1.5e22,
      -1e21,
    ];
    for (let i = 0; i < 4000; i++) {
      const magnitude = 10 ** Math.floor(next() * 10 - 3);
      const value = next() * magnitude * (next() < 0.2 ? -1 : 1);
      values.push(value, Math.round(value), Math.round(value * 100) / 100, Math.round(value * 1000) / 1000);
    }
    return values;
  }

  it("for money, plain numbers, whole numbers and percentages, with every decimals setting", () => {
    const mismatches: string[] = [];
    const check = (actual: string, expected: string, label: string) => {
      if (actual !== expected && mismatches.length < 10) mismatches.push(`${label}: ${actual} ≠ ${expected}`);
    };
    for (const value of samples()) {
      const cents = Number.isInteger(Number(value.toFixed(2))) ? 0 : 2;
      check(formatEuros(value), intl(value, { style: "currency", currency: "EUR" }, 2, 2), `euros ${value}`);
      check(
        formatEuros(value, { decimals: 0 }),
        intl(value, { style: "currency", currency: "EUR" }, 0, 0),
        `euros/0 ${value}`,
      );
      check(
        formatEuros(value, { decimals: "auto" }),
        intl(value, { style: "currency", currency: "EUR" }, cents, cents),
        `euros/auto ${value}`,
      );
      check(formatNumber(value), intl(value, {}, 0, 2), `number ${value}`);
      check(formatNumber(value, { decimals: 3 }), intl(value, {}, 3, 3), `number/3 ${value}`);
      check(formatInteger(value), intl(value, {}, 0, 0), `integer ${value}`);
      check(formatPercent(value), intl(value, { style: "unit", unit: "percent" }, 0, 2), `percent ${value}`);
      check(
        formatPercent(value, { signed: true, decimals: 1 }),
        intl(value, { style: "unit", unit: "percent", signDisplay: "exceptZero" }, 1, 1),
        `percent/signed ${value}`,
      );
    }
    expect(mismatches).toEqual([]);
  });
});

describe("typeset", () => {
  it("puts a no-break space between a number and its unit, in the es-ES percent style", () => {
    expect(typeset("un ROI mínimo del 150%.")).toBe("un ROI mínimo del 150\u00a0%.");
    expect(typeset("Conversión del 15 % y 22%")).toBe("Conversión del 15\u00a0% y 22\u00a0%");
    expect(typeset("desde 500 € al mes")).toBe("desde 500\u00a0€ al mes");
    expect(typeset("leads en 24-48 h")).toBe("leads en 24-48\u00a0h");
    expect(typeset("en 30 días")).toBe("en 30\u00a0días");
  });

  it("leaves other text alone", () => {
    expect(typeset("Más de 30 empresas confían")).toBe("Más de 30 empresas confían");
    expect(typeset("100 % ya")).toBe("100\u00a0% ya");
    expect(typeset("5 hoteles")).toBe("5 hoteles");
  });
});
