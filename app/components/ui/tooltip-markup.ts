/** The attribute that makes a button an info button; its value is the id of the element holding the text (tooltips.ts). */
export const TOOLTIP_ATTRIBUTE = "data-tooltip";
