/**
 * PLACEHOLDER (pages engineer) until the forms engineer lands the real contact form here.
 * Contract: rendered inside the contact section of `/` and `/contacto` as
 * `<ContactForm content={{ successTitle, successText, resetLabel }} />`; the route adds its `action`.
 */
export function ContactForm(_props: Record<string, unknown>) {
  return null;
}
