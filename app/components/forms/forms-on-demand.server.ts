// The lead forms for the server's render. A `.server` module, so the browser never gets it: there the
// same components come on demand (forms-on-demand.tsx).
import { ContactForm } from "./ContactForm";
import { ServiceStartForm } from "./ServiceStartForm";

// Undefined in the browser: read as `serverForms?.X`.
export const serverForms = { ContactForm, ServiceStartForm };
