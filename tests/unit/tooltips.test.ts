// @vitest-environment happy-dom
// The info tooltips' DOM handler (app/components/ui/tooltips.ts) where the browser has no Popover API
// (happy-dom has none, like Safari before 17): the tooltip then sits at the end of the page, and must
// still open, close, and leave when its button leaves the page.
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TOOLTIP_ATTRIBUTE as MARKUP_ATTRIBUTE } from "~/components/ui/tooltip-markup";
import { startTooltips, TOOLTIP_ATTRIBUTE } from "~/components/ui/tooltips";

const card = (id: string) =>
  `<div id="card-${id}"><button type="button" data-tooltip="texto-${id}" aria-label="Más información sobre ${id}">i</button><p id="texto-${id}" hidden>Texto de ${id}</p></div>`;

/** A tap: a click with a pointer (detail 1), as a finger or a mouse gives it. */
const tap = (element: Element) => element.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
const tooltips = () => [...document.querySelectorAll('[role="tooltip"]')];
/** MutationObserver callbacks run as microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void;
beforeEach(() => {
  expect(typeof HTMLElement.prototype.showPopover).not.toBe("function");
  document.body.innerHTML = `<main id="lista">${card("a")}${card("b")}</main>`;
  stop = startTooltips();
});
afterEach(() => stop());

describe("info tooltips without the Popover API", () => {
  it("a tap opens the tooltip with the card's text, describing its button; another tap closes it", () => {
    const button = document.querySelector<HTMLElement>('[data-tooltip="texto-a"]')!;
    tap(button);
    expect(tooltips().map((tooltip) => tooltip.textContent)).toEqual(["Texto de a"]);
    expect(button.getAttribute("aria-describedby")).toBe(tooltips()[0].id);
    expect(button.dataset.state).toBe("delayed-open");
    tap(button);
    expect(tooltips()).toEqual([]);
    expect(button.hasAttribute("aria-describedby")).toBe(false);
    expect(button.dataset.state).toBe("closed");
  });

  it("goes when its button leaves the page (the list rendered again after a search), not at the next scroll", async () => {
    tap(document.querySelector('[data-tooltip="texto-a"]')!);
    expect(tooltips()).toHaveLength(1);
    document.querySelector("#lista")!.innerHTML = card("c");
    await settle();
    expect(tooltips()).toEqual([]);
    // And the handler goes on working for the new list.
    tap(document.querySelector('[data-tooltip="texto-c"]')!);
    expect(tooltips().map((tooltip) => tooltip.textContent)).toEqual(["Texto de c"]);
  });

  it("stays while the rest of the page changes, and Escape closes it", async () => {
    tap(document.querySelector('[data-tooltip="texto-a"]')!);
    document.querySelector("#card-b")!.remove();
    await settle();
    expect(tooltips()).toHaveLength(1);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(tooltips()).toEqual([]);
  });
});

it("marks info buttons with the attribute the markup and the frame script use", () => {
  expect(TOOLTIP_ATTRIBUTE).toBe(MARKUP_ATTRIBUTE);
});
