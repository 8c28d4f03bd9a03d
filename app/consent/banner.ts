/** The names the banner's markup, the app's consent store and the inline boot script agree on. */

/** The banner's element id (the boot script answers the choices made inside it). */
export const COOKIE_BANNER_ID = "cookie-consent";

/**
 * Marks a link that opens the consent settings (the footer's 'Configuración de cookies'). The banner
 * answers a click on any such link, so the link itself can be server HTML without code of its own.
 */
export const CONSENT_SETTINGS_ATTRIBUTE = "data-consent-settings";

/** Class on <html> while the banner (first layer or settings) is shown. */
export const BANNER_OPEN_CLASS = "cc-open";

/** Marks the banner's settings layer (the switches), hidden until 'Configurar'. */
export const CONSENT_LAYER_ATTRIBUTE = "data-consent-layer";
