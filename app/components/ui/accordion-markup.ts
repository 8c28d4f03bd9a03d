/** The names the accordion's markup (Accordion.tsx) and the frame script (app/components/frame/accordion.ts) agree on. */
export const ACCORDION_ATTRIBUTE = "data-accordion";
export const ACCORDION_TRIGGER_ATTRIBUTE = "data-accordion-trigger";
