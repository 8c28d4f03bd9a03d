/** The names the banner's markup, the app's consent store and the inline boot script agree on. */

/** The banner's element id (the boot script answers the choices made inside it). */
export const COOKIE_BANNER_ID = "cookie-consent";

/** Class on <html> while the banner (first layer or settings) is shown. */
export const BANNER_OPEN_CLASS = "cc-open";
