/**
 * The header's behaviour (markup: app/components/layout/Header.tsx), delegated on the document:
 * - the small-screen menu button opens and closes the list (`aria-expanded`, `hidden`); any choice in it,
 *   the logo and a page shown again from the back/forward cache close it;
 * - a section link (`/#id`) on `/` scrolls there smoothly and focuses the section; from another page it
 *   replaces the history entry with `/` (location.replace, so Back skips the page left) and `/` scrolls to
 *   the section 100 ms after its load (SCROLL_AFTER_NAVIGATION_MS, the spec's rule);
 * - the logo on `/` scrolls to the top;
 * - on `/` the section item whose section crosses the upper middle of the viewport is aria-current.
 */
import {
  HOME_LINK_ATTRIBUTE,
  MENU_BUTTON_ATTRIBUTE,
  MENU_ID,
  SCROLL_AFTER_NAVIGATION_MS,
  SECTION_HASH_PREFIX,
  SECTION_LINK_ATTRIBUTE,
} from "~/components/layout/header-markup";

import { plainClick } from "./events";

const onHome = () => window.location.pathname === "/";

function setMenuOpen(open: boolean) {
  const menu = document.getElementById(MENU_ID);
  if (menu) menu.hidden = !open;
  for (const button of document.querySelectorAll(`[${MENU_BUTTON_ATTRIBUTE}]`))
    button.setAttribute("aria-expanded", String(open));
}

/** Scrolls smoothly to the section and gives it the focus (without a second, instant scroll). */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: "smooth", block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/** The section a `/#ir-<id>` address asks for (a section link followed from another page), or null. */
export function sectionOfHash(hash: string): string | null {
  if (!hash.startsWith(SECTION_HASH_PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(SECTION_HASH_PREFIX.length)) || null;
  } catch {
    return null;
  }
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const button = target.closest(`[${MENU_BUTTON_ATTRIBUTE}]`);
  if (button) {
    setMenuOpen(button.getAttribute("aria-expanded") !== "true");
    return;
  }
  const link = target.closest("a");
  if (!link || !link.closest("header")) return;
  // Any choice closes the menu (a modified click opens a new tab and leaves it as it is).
  if (!plainClick(event, link)) return;
  setMenuOpen(false);
  const section = link.getAttribute(SECTION_LINK_ATTRIBUTE);
  if (section) {
    event.preventDefault();
    if (onHome()) scrollToSection(section);
    else window.location.replace(`/${SECTION_HASH_PREFIX}${encodeURIComponent(section)}`);
    return;
  }
  if (link.hasAttribute(HOME_LINK_ATTRIBUTE) && onHome()) {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: "smooth" });
  }
}

/** On `/`: marks the section item of the section in view (the first one at the top of the page). */
function followSections() {
  const links = [...document.querySelectorAll<HTMLAnchorElement>(`header a[${SECTION_LINK_ATTRIBUTE}]`)];
  const ids = [...new Set(links.map((link) => link.getAttribute(SECTION_LINK_ATTRIBUTE) ?? ""))];
  const sections = ids.map((id) => document.getElementById(id)).filter((element) => element !== null);
  if (sections.length === 0 || typeof IntersectionObserver !== "function") return;
  const mark = (id: string | null) => {
    for (const link of links) {
      if (link.getAttribute(SECTION_LINK_ATTRIBUTE) === id) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  };
  const visible = new Set<Element>();
  // A band across the upper middle of the viewport: the section crossing it is the one being read.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      const inView = sections.filter((section) => visible.has(section));
      if (inView.length > 0) mark(inView[inView.length - 1].id);
      else mark(window.scrollY < 1 ? sections[0].id : null);
    },
    { rootMargin: "-30% 0px -60% 0px" },
  );
  for (const section of sections) observer.observe(section);
}

/** `/` reached from a section link on another page: the address becomes `/`, the section comes 100 ms after the load. */
function scrollToAskedSection() {
  const section = sectionOfHash(window.location.hash);
  if (!section) return;
  history.replaceState(history.state, "", "/");
  const scroll = () => window.setTimeout(() => scrollToSection(section), SCROLL_AFTER_NAVIGATION_MS);
  if (document.readyState === "complete") scroll();
  else window.addEventListener("load", scroll, { once: true });
}

export function startHeader() {
  document.addEventListener("click", onClick);
  // A page shown again from the back/forward cache shows its menu closed.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setMenuOpen(false);
  });
  if (onHome()) {
    scrollToAskedSection();
    followSections();
  }
}
