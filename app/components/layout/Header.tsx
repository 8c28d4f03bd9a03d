/**
 * The fixed header, as markup only: no state, no handlers. Its behaviour is the frame script's
 * (app/components/frame/header.ts), the same on every page, hydrated or not; on a hydrated page it is a
 * 'server-html' island (frame-islands.tsx), so React keeps this HTML and never renders it again.
 *
 * Scroll items are real links to `/#section` (they work without JavaScript); with the frame script they
 * scroll in place on `/`, or from another page replace the history entry with `/` and scroll 100 ms after
 * the load, as the spec asks. The small-screen menu is a native <details> disclosure until the frame
 * script runs (and for good without JavaScript); then a button with `aria-expanded` and `aria-controls`
 * opens the list below the bar and any choice closes it.
 *
 * The item of the current page carries aria-current="page" and a visible mark: a page link for its own
 * path and the paths below it (a sector page marks 'Sectores'), rendered here; on `/` the section scroll
 * item whose section is in view (the first one until the frame script follows the scroll).
 */
import { useLocation } from "@remix-run/react";

import type { SiteSettings } from "~/content/types";

import { HOME_LINK_ATTRIBUTE, MENU_BUTTON_ATTRIBUTE, MENU_ID, SECTION_LINK_ATTRIBUTE } from "./header-markup";

type NavItem = NonNullable<SiteSettings["navigation"]>[number];

/** True when `pathname` is the link's page or a page below it ('/sectores/x' is in '/sectores'). */
function isCurrentPage(target: string, pathname: string): boolean {
  if (target === "/") return pathname === "/";
  const base = target.replace(/\/+$/, "");
  return pathname === base || pathname.startsWith(`${base}/`);
}

const MENU_TRIGGER = "group h-11 w-11 place-items-center rounded-lg text-ink hover:bg-brand-50";

/** Bars, or a cross while the menu is open: the trigger's open state (<details open> or aria-expanded) picks one. */
function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path className="group-open:hidden group-aria-expanded:hidden" d="M4 7h16M4 12h16M4 17h16" />
      <path className="hidden group-open:block group-aria-expanded:block" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function Header({ settings }: { settings: SiteSettings }) {
  const { pathname } = useLocation();
  const onHome = pathname === "/";
  // An item without a target (a menu link whose page is gone or unpublished) is left out.
  const navigation = (settings.navigation ?? []).filter((item) => item.target);
  // On `/` the first section is marked until the frame script follows the scroll.
  const firstSection = navigation.find((item) => item.kind === "scroll")?.target;

  function renderItem(item: NavItem, variant: "desktop" | "mobile") {
    const current =
      item.kind === "scroll" ? onHome && item.target === firstSection : isCurrentPage(item.target ?? "/", pathname);
    // The current item: brand colour, bold, and an underline bar (not colour alone). In the desktop row an
    // invisible bold copy of the label (::after) keeps each item as wide as its bold self, so the row does
    // not shift as the marked section changes while the visitor scrolls.
    const className = `${
      variant === "desktop"
        ? "inline-flex flex-col items-center rounded-lg px-3 py-2 text-sm font-medium text-ink-soft hover:bg-brand-50 hover:text-brand-700 after:invisible after:h-0 after:overflow-hidden after:font-bold after:content-[attr(data-label)]"
        : "block rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-brand-50"
    } aria-[current=page]:font-bold aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`;
    const ariaCurrent = current ? ("page" as const) : undefined;
    const section = item.kind === "scroll" ? { [SECTION_LINK_ATTRIBUTE]: item.target ?? "" } : {};
    return (
      <a
        href={item.kind === "scroll" ? `/#${item.target}` : (item.target ?? "/")}
        className={className}
        data-label={item.label}
        aria-current={ariaCurrent}
        {...section}
      >
        {item.label}
      </a>
    );
  }

  const mobileList = (
    <ul className="container-page py-2">
      {navigation.map((item: NavItem) => (
        <li key={`${item.kind}-${item.target}`}>{renderItem(item, "mobile")}</li>
      ))}
    </ul>
  );

  // Solid white, no backdrop blur: a blur behind a fixed bar is a compositor pass in every scrolled frame.
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <a
          href="/"
          className="flex items-center gap-2 text-lg font-extrabold text-ink"
          {...{ [HOME_LINK_ATTRIBUTE]: "" }}
        >
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            {settings.siteName?.charAt(0)}
          </span>
          {settings.siteName}
        </a>
        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navigation.map((item: NavItem) => (
              <li key={`${item.kind}-${item.target}`}>{renderItem(item, "desktop")}</li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={settings.appUrl ?? "#"}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-primary px-4 text-sm"
          >
            <span className="hidden sm:inline">{settings.appButtonLabel}</span>
            <span className="sm:hidden">{settings.appButtonShortLabel}</span>
          </a>
          <div className="lg:hidden">
            {/* Until the frame script runs (and without JavaScript): a native disclosure. */}
            <details className="group [[data-frame-ready]_&]:hidden">
              <summary className={`${MENU_TRIGGER} grid cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                <span className="sr-only">Menú</span>
                <MenuIcon />
              </summary>
              <nav
                aria-label="Principal (móvil)"
                className="absolute inset-x-0 top-16 border-y border-slate-200 bg-white"
              >
                {mobileList}
              </nav>
            </details>
            {/* With the frame script: a button that opens the list below the bar. */}
            <button
              type="button"
              className={`${MENU_TRIGGER} hidden [[data-frame-ready]_&]:grid`}
              aria-expanded="false"
              aria-controls={MENU_ID}
              {...{ [MENU_BUTTON_ATTRIBUTE]: "" }}
            >
              <span className="sr-only">Menú</span>
              <MenuIcon />
            </button>
          </div>
        </div>
      </div>
      <nav id={MENU_ID} aria-label="Principal (móvil)" hidden className="border-t border-slate-200 bg-white lg:hidden">
        {mobileList}
      </nav>
    </header>
  );
}
