import { formatEuros, formatInteger, formatNumber, formatPercent, NOT_A_NUMBER } from "~/domain/format";

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
