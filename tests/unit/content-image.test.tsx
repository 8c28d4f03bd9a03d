// @vitest-environment happy-dom
// The image component's server markup: what the browser needs to pick a source, reserve the box,
// show the placeholder and prioritise (or defer) the download, with no client code.
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";

import { SectorHero } from "~/components/sections/sector/SectorHero";
import { ContentImage } from "~/components/ui/ContentImage";

const image = {
  alt: "Obra en Zaragoza",
  hotspot: { x: 0.5, y: 0.5, width: 0.3, height: 0.3 },
  asset: {
    _id: "image-0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x1200-jpg",
    url: "/images/local/production/0d4d8e01814dc797bbbe6379560cdabf0203f7cf-1600x1200.jpg",
    metadata: { lqip: "data:image/jpeg;base64,QUJD", dimensions: { width: 1600, height: 1200 } },
  },
};

function img(markup: string): Element {
  document.body.innerHTML = markup;
  return document.querySelector("img")!;
}

describe("ContentImage", () => {
  it("renders a lazy img with srcset, sizes, its box and the LQIP behind it", () => {
    const element = img(renderToStaticMarkup(<ContentImage image={image} width={400} aspectRatio={2} sizes="50vw" />));
    expect(element.getAttribute("alt")).toBe("Obra en Zaragoza");
    expect(element.getAttribute("srcset")).toMatch(/ 400w, .* 640w, .* 800w$/);
    expect(element.getAttribute("sizes")).toBe("50vw");
    expect([element.getAttribute("width"), element.getAttribute("height")]).toEqual(["400", "200"]);
    expect(element.getAttribute("loading")).toBe("lazy");
    expect(element.hasAttribute("fetchpriority")).toBe(false);
    expect(element.getAttribute("style")).toContain('background-image:url("data:image/jpeg;base64,QUJD")');
  });

  it("marks the LCP image eager with fetchpriority=high, and offers nothing where it is hidden", () => {
    const markup = renderToStaticMarkup(
      <ContentImage image={image} width={300} priority hiddenWhen="(max-width: 1023.98px)" placeholder={false} />,
    );
    const element = img(markup);
    expect(element.getAttribute("loading")).toBe("eager");
    expect(element.getAttribute("fetchpriority")).toBe("high");
    expect(element.hasAttribute("style")).toBe(false);
    const source = document.querySelector("picture > source")!;
    expect(source.getAttribute("media")).toBe("(max-width: 1023.98px)");
    expect(source.getAttribute("srcset")).toMatch(/^data:image\/gif;base64,/);
  });

  it("renders nothing without an asset, and alt='' when decorative", () => {
    expect(renderToStaticMarkup(<ContentImage image={{ alt: "x" }} width={100} />)).toBe("");
    expect(img(renderToStaticMarkup(<ContentImage image={image} width={100} decorative />)).getAttribute("alt")).toBe(
      "",
    );
  });
});

describe("SectorHero", () => {
  const hero = { title: "Leads para construcción", description: "", icon: "building" as const, image: null };
  const render = (content: Omit<typeof hero, "image"> & { image: typeof image | null }) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <SectorHero id="s" sectorName="Construcción" hero={content as ComponentProps<typeof SectorHero>["hero"]} />
      </MemoryRouter>,
    );

  it("shows the sector's image only when the editor set one, cropped 2:1 around the hotspot", () => {
    expect(render(hero)).not.toContain("<img");
    const element = img(render({ ...hero, image }));
    expect(element.getAttribute("alt")).toBe("Obra en Zaragoza");
    expect(element.getAttribute("srcset")).toContain("fit=crop");
    expect(element.getAttribute("loading")).toBe("lazy");
  });
});
