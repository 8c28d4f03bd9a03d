import { checkPositiveAmount, parseSpanishNumber, toInputText } from "~/domain/numbers";

describe("parseSpanishNumber: numbers as a Spanish visitor types them", () => {
  it.each([
    ["2.000", 2000],
    ["2000", 2000],
    ["35,5", 35.5],
    ["1.500,50 €", 1500.5],
    [" 2 000 ", 2000],
    ["2\u00a0000", 2000],
    ["1\u202f500,5", 1500.5],
    ["1.000.000", 1_000_000],
    ["1,000,000", 1_000_000],
    ["1,500.50", 1500.5],
    ["53.33", 53.33],
    ["0.5", 0.5],
    [",5", 0.5],
    ["35 %", 35],
    ["35%", 35],
    ["€ 1.000", 1000],
    ["1000 EUR", 1000],
    ["1000 euros", 1000],
    ["+250", 250],
    ["-250", -250],
    ["−250", -250],
    ["0", 0],
    ["-0", 0],
  ])("reads %j as %d", (text, value) => {
    expect(parseSpanishNumber(text)).toBe(value);
  });

  it.each([
    "",
    "   ",
    "abc",
    "12abc",
    "1.2.3",
    "1,2,3",
    "1.000,5,5",
    "1 2",
    "12 34",
    "--5",
    "1e5",
    "Infinity",
    "NaN",
    "0x10",
    "€",
    "1.00.000",
    "9".repeat(41),
  ])("gives null for %j", (text) => {
    expect(parseSpanishNumber(text)).toBeNull();
  });

  it("gives null for missing values and passes finite numbers through", () => {
    expect(parseSpanishNumber(null)).toBeNull();
    expect(parseSpanishNumber(undefined)).toBeNull();
    expect(parseSpanishNumber(Number.NaN)).toBeNull();
    expect(parseSpanishNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseSpanishNumber(42.5)).toBe(42.5);
  });

  it("never answers Infinity for a very long string of digits", () => {
    const value = parseSpanishNumber("9".repeat(40));
    expect(value === null || Number.isFinite(value)).toBe(true);
  });
});

describe("checkPositiveAmount", () => {
  const rules = {
    required: "El presupuesto es obligatorio",
    invalid: "El presupuesto debe ser un número",
    positive: "El presupuesto debe ser mayor a 0",
    max: { value: 100_000_000, message: "El presupuesto no puede superar 100.000.000 €" },
  };

  it("accepts a positive amount in Spanish notation", () => {
    expect(checkPositiveAmount("1.500,50 €", rules)).toEqual({ ok: true, value: 1500.5 });
  });

  it.each([
    ["", "El presupuesto es obligatorio"],
    ["  ", "El presupuesto es obligatorio"],
    [null, "El presupuesto es obligatorio"],
    ["mil", "El presupuesto debe ser un número"],
    ["0", "El presupuesto debe ser mayor a 0"],
    ["0,00", "El presupuesto debe ser mayor a 0"],
    ["-100", "El presupuesto debe ser mayor a 0"],
    ["100.000.001", "El presupuesto no puede superar 100.000.000 €"],
    ["9".repeat(30), "El presupuesto no puede superar 100.000.000 €"],
  ])("answers %j with %j", (text, message) => {
    const result = checkPositiveAmount(text, rules);
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error).toBe(message);
  });

  it("accepts the upper limit itself", () => {
    expect(checkPositiveAmount("100.000.000", rules)).toEqual({ ok: true, value: 100_000_000 });
  });
});

describe("toInputText: a number written back into a field", () => {
  it.each([
    [35, "35"],
    [53.33, "53,33"],
    [1500.5, "1500,5"],
    [2000, "2000"],
    [1 / 3, "0,33"],
    [Number.NaN, ""],
  ])("writes %d as %j", (value, text) => {
    expect(toInputText(value)).toBe(text);
  });

  it("writes what parseSpanishNumber reads back", () => {
    for (const value of [35, 53.33, 1500.5, 0.25, 12000]) expect(parseSpanishNumber(toInputText(value))).toBe(value);
  });
});
