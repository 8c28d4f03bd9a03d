/**
 * The landing's contact band (id `contacto`): heading, intro and direct channels beside the contact
 * form, which the page passes in as children (the form is app/components/forms/ContactForm).
 */
import type { ReactNode } from "react";

import { IconTile } from "~/components/ui/Card";
import { Icon, type IconName } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { telHref } from "~/lib/links";

import type { Maybe } from "./content-shapes";

export function ContactSection({
  id,
  heading,
  intro,
  email,
  phone,
  children,
}: {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  email?: Maybe<string>;
  phone?: Maybe<string>;
  children: ReactNode;
}) {
  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted">
      <div className="grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <div>
          <SectionHeading id={`${id}-title`} title={heading} intro={intro} align="left" />
          <ContactChannelList email={email} phone={phone} />
        </div>
        <div className="min-w-0 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8">
          {children}
        </div>
      </div>
    </Section>
  );
}

export function ContactChannelList({
  email,
  phone,
  whatsapp,
}: {
  email?: Maybe<string>;
  phone?: Maybe<string>;
  whatsapp?: Maybe<{ href: string; label: string }>;
}) {
  const channels: { icon: IconName; href: string; label: string; external?: boolean }[] = [];
  if (email) channels.push({ icon: "mail", href: `mailto:${email}`, label: email });
  if (phone) channels.push({ icon: "phone", href: telHref(phone), label: phone });
  if (whatsapp) channels.push({ icon: "chat", href: whatsapp.href, label: whatsapp.label, external: true });
  if (channels.length === 0) return null;
  return (
    <ul className="mt-8 space-y-3">
      {channels.map((channel) => (
        <li key={channel.href}>
          <a
            href={channel.href}
            {...(channel.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="group flex min-h-[56px] items-center gap-4 rounded-2xl border border-slate-200 bg-white p-3 pr-5 font-semibold text-ink shadow-sm transition-colors hover:border-brand-300 hover:text-brand-700"
          >
            <IconTile>
              <Icon name={channel.icon} className="h-5 w-5" />
            </IconTile>
            <span className="break-all sm:break-normal">{channel.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
