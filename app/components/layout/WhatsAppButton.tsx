/**
 * The floating WhatsApp link. A link and a drawing: pages keep it as the server's HTML and never download
 * this module (frame-islands.tsx).
 */
import type { SiteSettings } from "~/content/types";
import { whatsAppUrl } from "~/lib/links";

export function WhatsAppButton({ settings }: { settings: SiteSettings }) {
  if (!settings.whatsappNumber) return null;
  const label = settings.whatsappLabel ?? "WhatsApp";
  // Its own labelled landmark, so every piece of the page sits in one (axe "region").
  return (
    <aside aria-label={label}>
      <a
        href={whatsAppUrl(settings.whatsappNumber, settings.whatsappMessage ?? "")}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        data-whatsapp-float=""
        className="fixed bottom-4 right-4 z-30 grid h-14 w-14 place-items-center rounded-full bg-[#1f8f4e] text-white shadow-lg hover:bg-[#187a41]"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor">
          <path d="M12.04 2C6.58 2 2.13 6.45 2.13 11.91c0 1.75.46 3.45 1.32 4.95L2.05 22l5.25-1.38a9.9 9.9 0 0 0 4.74 1.21h.01c5.46 0 9.91-4.45 9.91-9.91A9.86 9.86 0 0 0 12.04 2Zm5.8 14.16c-.24.68-1.42 1.32-1.96 1.36-.5.05-.97.23-3.27-.68-2.77-1.09-4.51-3.92-4.65-4.1-.13-.18-1.1-1.47-1.1-2.8 0-1.33.7-1.98.95-2.25.24-.27.53-.34.71-.34h.51c.16 0 .38-.06.6.46.24.55.79 1.9.86 2.04.07.14.11.3.02.48-.09.18-.14.3-.27.46-.14.16-.29.36-.41.48-.14.14-.28.29-.12.56.16.27.71 1.17 1.52 1.9 1.05.93 1.93 1.22 2.2 1.36.27.14.43.11.59-.07.16-.18.68-.79.86-1.06.18-.27.36-.23.61-.14.25.09 1.58.75 1.85.88.27.14.45.2.52.32.07.11.07.66-.17 1.33Z" />
        </svg>
      </a>
    </aside>
  );
}
