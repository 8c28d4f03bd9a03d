// The calculator's lead part for the server's render. A `.server` module, so it is empty in the browser,
// where CalculatorPage.tsx fetches the same component on demand.
export { default as CalculatorLead } from "./CalculatorLead";
