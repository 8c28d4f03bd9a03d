/**
 * The fixed header. Scroll items are real links to `/#section` (they work without JavaScript); with
 * JavaScript they scroll in place on `/`, or from another page replace the history entry with `/` and
 * scroll 100 ms later, as the spec asks. The small-screen menu closes after any choice. Until the page
 * is interactive (and for good without JavaScript) that menu is a native <details> disclosure, so it
 * opens on a phone with JavaScript off too.
 *
 * The item of the current page carries aria-current="page" and a visible mark: a page link for its own
 * path and the paths below it (a sector page marks 'Sectores'), on `/` the section scroll item whose
 * section is in view. A link to another page shows the new page from its top at once (useNewPageFromTop).
 */
import { Link, useLocation, useNavigate, useNavigation, useNavigationType } from "@remix-run/react";
import { type MouseEvent, useEffect, useId, useRef, useState } from "react";

import type { SiteSettings } from "~/content/types";
import { useHydrated } from "~/lib/use-hydrated";

export const SCROLL_AFTER_NAVIGATION_MS = 100;

type NavItem = NonNullable<SiteSettings["navigation"]>[number];

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: "smooth", block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** While set on <html>, scrolling jumps (tailwind.css): the router's scroll to the top of a new page. */
const NAVIGATING_CLASS = "navigating";

/** How long after a new page shows a scroll that no visitor input caused is put back to its top. */
const HOLD_TOP_MS = 250;

/**
 * A link to another page shows the new page from its top at once:
 * - smooth scrolling is switched off from the start of the navigation until the router has scrolled;
 * - a smooth scroll still under way (a section link tapped just before) is stopped when the navigation starts;
 * - Chromium applies that stop only at its next frame. When the new page's data comes back within the same
 *   frame, the old animation's remaining distance still lands after the router's jump (the new page showed
 *   1–170 px down). So for a moment after a new page shows (not on back/forward, not for a `#hash`), a scroll
 *   that no wheel, touch, key or pointer caused is put back to the top.
 * Returns a ref to the function that ends that moment early, for a scroll of our own right after a navigation.
 */
function useNewPageFromTop(): { readonly current: () => void } {
  const navigation = useNavigation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const toOtherPage = navigation.state !== "idle" && navigation.location?.pathname !== location.pathname;
  useEffect(() => {
    // Removed in a passive effect: the router scrolls to the top in a layout effect of the same commit.
    document.documentElement.classList.toggle(NAVIGATING_CLASS, toOtherPage);
    if (toOtherPage) window.scrollTo({ top: window.scrollY, left: window.scrollX, behavior: "instant" });
  }, [toOtherPage]);

  const shownPath = useRef(location.pathname);
  const releaseTop = useRef(() => {});
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (navigationType === "POP" || location.hash) return;
    let byVisitor = false;
    const onInput = () => {
      byVisitor = true;
    };
    const onScroll = () => {
      if (!byVisitor && window.scrollY !== 0) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    };
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true, passive: true });
    window.addEventListener("scroll", onScroll, { passive: true });
    const release = () => {
      window.clearTimeout(timer);
      for (const type of inputs) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener("scroll", onScroll);
    };
    const timer = window.setTimeout(release, HOLD_TOP_MS);
    releaseTop.current = release;
    return release;
  }, [location.pathname, location.hash, navigationType]);
  return releaseTop;
}

/** On `/`, the id of the section (of `ids`) under the upper part of the viewport; the first one until then. */
function useSectionInView(ids: readonly string[], enabled: boolean): string | null {
  const [current, setCurrent] = useState<string | null>(ids[0] ?? null);
  const key = ids.join(" ");
  useEffect(() => {
    if (!enabled) return;
    const sections = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (sections.length === 0) return;
    const visible = new Set<Element>();
    // A band across the upper middle of the viewport: the section crossing it is the one being read.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        const inView = sections.filter((section) => visible.has(section));
        if (inView.length > 0) setCurrent(inView[inView.length - 1].id);
        else if (window.scrollY < 1) setCurrent(sections[0].id);
        else setCurrent(null);
      },
      { rootMargin: "-30% 0px -60% 0px" },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [key, enabled]);
  return enabled ? current : null;
}

/** True when `pathname` is the link's page or a page below it ('/sectores/x' is in '/sectores'). */
function isCurrentPage(target: string, pathname: string): boolean {
  if (target === "/") return pathname === "/";
  const base = target.replace(/\/+$/, "");
  return pathname === base || pathname.startsWith(`${base}/`);
}

const MENU_TRIGGER = "group grid h-11 w-11 place-items-center rounded-lg text-ink hover:bg-brand-50";

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
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A navigation closes the menu (adjusted while rendering, so the new page never shows it open).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  const navigate = useNavigate();
  const menuId = useId();
  const onHome = location.pathname === "/";
  const hydrated = useHydrated();
  const releaseTop = useNewPageFromTop();
  // An item without a target (a menu link whose page is gone or unpublished) is left out.
  const navigation = (settings.navigation ?? []).filter((item) => item.target);
  const sectionIds = navigation.filter((item) => item.kind === "scroll" && item.target).map((item) => item.target!);
  const sectionInView = useSectionInView(sectionIds, onHome);

  // The section to scroll to once the navigation to / has rendered the landing page.
  const pendingSection = useRef<string | null>(null);

  useEffect(() => {
    const id = pendingSection.current;
    if (location.pathname !== "/" || !id) return;
    pendingSection.current = null;
    const timer = window.setTimeout(() => {
      releaseTop.current();
      scrollToSection(id);
    }, SCROLL_AFTER_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [location, releaseTop]);

  function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    setMenuOpen(false);
    if (onHome) {
      scrollToSection(id);
      return;
    }
    pendingSection.current = id;
    navigate("/", { replace: true });
  }

  function onLogoClick(event: MouseEvent<HTMLAnchorElement>) {
    setMenuOpen(false);
    if (onHome) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  }

  function renderItem(item: NavItem, variant: "desktop" | "mobile") {
    const current =
      item.kind === "scroll"
        ? onHome && item.target === sectionInView
        : isCurrentPage(item.target ?? "/", location.pathname);
    // The current item: brand colour, bold, and an underline bar (not colour alone). In the desktop row an
    // invisible bold copy of the label (::after) keeps each item as wide as its bold self, so the row does
    // not shift as the marked section changes while the visitor scrolls.
    const className = `${
      variant === "desktop"
        ? "inline-flex flex-col items-center rounded-lg px-3 py-2 text-sm font-medium text-ink-soft hover:bg-brand-50 hover:text-brand-700 after:invisible after:h-0 after:overflow-hidden after:font-bold after:content-[attr(data-label)]"
        : "block rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-brand-50"
    } aria-[current=page]:font-bold aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`;
    const ariaCurrent = current ? ("page" as const) : undefined;
    if (item.kind === "scroll") {
      return (
        <a
          href={`/#${item.target}`}
          className={className}
          data-label={item.label}
          aria-current={ariaCurrent}
          onClick={(event) => goToSection(event, item.target ?? "")}
        >
          {item.label}
        </a>
      );
    }
    return (
      <Link
        to={item.target ?? "/"}
        className={className}
        data-label={item.label}
        aria-current={ariaCurrent}
        prefetch="intent"
        onClick={() => setMenuOpen(false)}
      >
        {item.label}
      </Link>
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
        <Link to="/" onClick={onLogoClick} className="flex items-center gap-2 text-lg font-extrabold text-ink">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            {settings.siteName?.charAt(0)}
          </span>
          {settings.siteName}
        </Link>
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
          {hydrated ? (
            <button
              type="button"
              className={`${MENU_TRIGGER} lg:hidden`}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="sr-only">Menú</span>
              <MenuIcon />
            </button>
          ) : (
            <details className="group lg:hidden">
              <summary className={`${MENU_TRIGGER} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
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
          )}
        </div>
      </div>
      {hydrated ? (
        <nav
          id={menuId}
          aria-label="Principal (móvil)"
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white lg:hidden"
        >
          {mobileList}
        </nav>
      ) : null}
    </header>
  );
}
