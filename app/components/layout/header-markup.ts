/** The names the header's markup (Header.tsx) and the frame script (app/components/frame/header.ts) agree on. */

/** The small-screen menu's list, opened by the menu button. */
export const MENU_ID = "menu-principal";
/** Marks the small-screen menu button. */
export const MENU_BUTTON_ATTRIBUTE = "data-menu-button";
/** Marks a scroll item; its value is the id of its section on `/`. */
export const SECTION_LINK_ATTRIBUTE = "data-section-link";
/** Marks the logo's link home. */
export const HOME_LINK_ATTRIBUTE = "data-home-link";
/** The delay between the load of `/` and the scroll to a section chosen on another page (the spec's rule). */
export const SCROLL_AFTER_NAVIGATION_MS = 100;
/** The hash a section link from another page leaves `/` with: `#ir-<section id>`, matching no element. */
export const SECTION_HASH_PREFIX = "#ir-";
