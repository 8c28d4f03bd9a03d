/**
 * The landing's contact band (id `contacto`): heading, intro and direct channels beside the contact
 * form, which the page passes in as children (the form is app/components/forms/ContactForm). The text
 * side is kept as the server's HTML (an island, app/components/islands/island.tsx): only the form is
 * live, so a pointer over the form fetches the form alone.
 */
import type { ReactNode } from "react";

import { island } from "~/components/islands/island";
import { Section } from "~/components/ui/Section";

import type { ContactIntroProps } from "./ContactChannels";

export const ContactIntroIsland = island("section:ContactIntro", "server-html", () =>
  import("./ContactChannels").then((module) => module.ContactIntro),
);

export function ContactSection({ children, ...intro }: ContactIntroProps & { children: ReactNode }) {
  return (
    <Section id={intro.id} labelledBy={`${intro.id}-title`} tone="muted">
      <div className="grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <div>
          <ContactIntroIsland {...intro} />
        </div>
        <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8">
          {children}
        </div>
      </div>
    </Section>
  );
}
