import type { SiteSettings } from "~/content/types";

const FALLBACK = { title: "Oops! Page not found", text: "", linkLabel: "Volver al inicio" };

export function NotFound({ settings }: { settings?: SiteSettings }) {
  const copy = { ...FALLBACK, ...settings?.notFound };
  return (
    <div className="container-page section flex flex-col items-center text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="section-heading mt-4">{copy.title}</h1>
      {copy.text ? <p className="mt-4 max-w-prose text-lg text-ink-soft">{copy.text}</p> : null}
      <a className="btn-primary mt-8" href="/">
        {copy.linkLabel}
      </a>
    </div>
  );
}
