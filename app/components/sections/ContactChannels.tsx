/**
 * The text sides of the contact bands: the landing's heading, intro and direct channels, and the contact
 * page's channels aside. Links and text only: pages keep them as the server's HTML and never download
 * this module (the islands in ContactSection.tsx and app/routes/contacto.tsx).
 */
import { IconTile } from "~/components/ui/Card";
import { Icon, type IconName } from "~/components/ui/Icon";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { telHref } from "~/lib/links";

import type { Maybe } from "./content-shapes";

export interface ContactIntroProps {
  id: string;
  heading: Maybe<string>;
  intro?: Maybe<string>;
  email?: Maybe<string>;
  phone?: Maybe<string>;
}

/** The landing's contact band, beside the form: heading (`{id}-title`, naming the band), intro, channels. */
export function ContactIntro({ id, heading, intro, email, phone }: ContactIntroProps) {
  return (
    <>
      <SectionHeading id={`${id}-title`} title={heading} intro={intro} align="left" />
      <ContactChannelList email={email} phone={phone} />
    </>
  );
}

/** The contact page's aside: its heading, text and every channel (WhatsApp too). */
export function ContactChannelsAside({
  heading,
  text,
  email,
  phone,
  whatsapp,
}: {
  heading: Maybe<string>;
  text?: Maybe<string>;
  email?: Maybe<string>;
  phone?: Maybe<string>;
  whatsapp?: Maybe<{ href: string; label: string }>;
}) {
  return (
    <aside aria-labelledby="canales-title">
      <h2 id="canales-title" className="text-2xl font-bold tracking-tight text-ink">
        {heading}
      </h2>
      {text ? <p className="mt-3 leading-relaxed text-ink-soft">{text}</p> : null}
      <ContactChannelList email={email} phone={phone} whatsapp={whatsapp} />
    </aside>
  );
}

function ContactChannelList({
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
