import { itemKey } from "~/components/sections/content-shapes";
import { featureIcon } from "~/components/sections/feature-icons";
import { ICON_NAMES, isIconName } from "~/components/ui/Icon";

describe("featureIcon", () => {
  it("uses the icon content names when it is one of the site's icons", () => {
    expect(featureIcon("bell", 3)).toBe("bell");
  });

  it("falls back to a known icon by position when content names none or an unknown one", () => {
    const fallback = [0, 1, 2, 3, 4, 5, 6].map((index) => featureIcon(null, index));
    expect(fallback.every(isIconName)).toBe(true);
    expect(new Set(fallback.slice(0, 6)).size).toBe(6);
    expect(fallback[6]).toBe(fallback[0]);
    expect(featureIcon("not-an-icon", 1)).toBe(fallback[1]);
    expect(featureIcon("toString", 0)).toBe(fallback[0]);
  });

  it("lists the icon names the content model documents", () => {
    expect(ICON_NAMES).toEqual(
      expect.arrayContaining(["bell", "card", "chart", "undo", "globe", "megaphone", "server", "refresh"]),
    );
  });
});

describe("itemKey", () => {
  it("prefers Sanity's _key, then _id, then the position", () => {
    expect(itemKey({ _key: "k", _id: "i" }, 2)).toBe("k");
    expect(itemKey({ _id: "faqItem.landing-1" }, 2)).toBe("faqItem.landing-1");
    expect(itemKey({}, 2)).toBe("2");
  });
});
