/** The campaign page's hero: its <h1> (the ad's promise), a line of text, one button and a picture beside it on wide screens. */
import { DarkHeroSection, HeroLead } from "~/components/sections/PageHero";
import { ContentImage, PhoneScreenshot } from "~/components/ui/ContentImage";
import { optionalCta } from "~/components/ui/CtaLink";
import { Eyebrow } from "~/components/ui/SectionHeading";
import { typesetText } from "~/components/ui/typeset";

import type { BlockOf } from "../types";

const PHONE = {
  box: "relative mx-auto hidden w-full max-w-[20rem] lg:block",
  glow: "absolute -inset-16 bg-[radial-gradient(closest-side,rgb(51_125_252/0.25)_60%,transparent)]",
  frame:
    "relative rounded-[2.75rem] border border-white/15 bg-white/10 p-2.5 shadow-2xl shadow-black/40 ring-1 ring-black/20",
};

const WIDE_ONLY = "(max-width: 1023.98px)";

function HeroPicture({ image }: { image: BlockOf<"heroBlock">["image"] }) {
  const size = image?.asset?.metadata?.dimensions;
  if (!image?.asset) return null;
  // A portrait picture is an app screenshot: shown in the phone frame, as on the landing page.
  if (size && size.height > size.width * 1.3) {
    return <PhoneScreenshot screenshot={image} look={PHONE} width={300} priority hiddenWhen={WIDE_ONLY} />;
  }
  return (
    <div className="hidden lg:block">
      <ContentImage
        image={image}
        width={520}
        priority
        hiddenWhen={WIDE_ONLY}
        className="h-auto w-full rounded-3xl shadow-2xl shadow-black/40 ring-1 ring-white/15"
      />
    </div>
  );
}

export function HeroBlock({ block, id }: { block: BlockOf<"heroBlock">; id: string }) {
  return (
    <DarkHeroSection id={id}>
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 sm:pb-20 sm:pt-20 lg:grid-cols-[1.2fr_0.8fr] lg:px-8">
        <div className="text-center lg:text-left">
          {block.badge ? <Eyebrow tone="dark">{block.badge}</Eyebrow> : null}
          <h1
            id={`${id}-title`}
            className={`text-balance text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl ${block.badge ? "mt-5" : ""}`}
          >
            {typesetText(block.heading)}
          </h1>
          <div className="lg:[&>p]:mx-0">
            <HeroLead text={block.text} />
          </div>
          {block.cta?.label && block.cta.href ? (
            <div className="mt-8 flex justify-center lg:justify-start">
              {optionalCta(block.cta.label, block.cta.href, { variant: "onDark", size: "hero", icon: "arrow-right" })}
            </div>
          ) : null}
        </div>
        <HeroPicture image={block.image} />
      </div>
    </DarkHeroSection>
  );
}
