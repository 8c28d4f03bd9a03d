// The contact form of `/` and `/contacto`, as an island (app/components/islands/page-island.tsx).
import { ContactForm } from "~/components/forms/ContactForm";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(ContactForm);
