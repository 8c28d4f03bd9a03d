/**
 * The social card's drawing, 1200×630, for satori (inline styles only, flex layout, no classes). It
 * follows the site's dark hero: brand-950 ground with the blue glows and the faint grid, the logo
 * mark and brand name, the page title large, and the sector's figures as tiles. Colours are the ones
 * tailwind.config.ts names (brand-*, sky-500, emerald-300).
 */
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card-content";

const BRAND_950 = "#152356";
const BRAND_600 = "#1d5ef1";
const BRAND_100 = "#d9eaff";
const BRAND_200 = "#bcdaff";
const EMERALD_300 = "#6ee7b7";

/** The favicon's mark (public/favicon.svg): a rounded brand square with a white 'L'. */
function LogoMark() {
  return (
    <svg width="64" height="64" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill={BRAND_600} />
      <path d="M9 8h4v12h8v4H9z" fill="#fff" />
    </svg>
  );
}

function titleSize(content: CardContent): number {
  const length = content.title.length;
  if (length <= 34) return 76;
  if (length <= 60) return 64;
  if (length <= 90) return 54;
  return 46;
}

export function CardTemplate({ content }: { content: CardContent }) {
  const hasFigures = content.figures.length > 0;
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        position: "relative",
        backgroundColor: BRAND_950,
        backgroundImage: [
          "radial-gradient(circle at 92% 0%, rgba(29, 94, 241, 0.75) 0%, rgba(29, 94, 241, 0) 45%)",
          "radial-gradient(circle at 0% 100%, rgba(14, 165, 233, 0.35) 0%, rgba(14, 165, 233, 0) 42%)",
        ].join(", "),
        color: "#ffffff",
        fontFamily: "Inter",
        padding: "60px 72px 66px 72px",
      }}
    >
      {/* The hero's faint 48px grid. */}
      <div
        style={{
          position: "absolute",
          top: 0,
          left: 0,
          width: CARD_WIDTH,
          height: CARD_HEIGHT,
          backgroundImage:
            "linear-gradient(to right, rgba(255, 255, 255, 0.05) 1px, transparent 1px), linear-gradient(to bottom, rgba(255, 255, 255, 0.05) 1px, transparent 1px)",
          backgroundSize: "48px 48px",
        }}
      />
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <LogoMark />
        <div style={{ fontSize: 38, fontWeight: 800, letterSpacing: -0.5 }}>{content.siteName}</div>
      </div>

      <div style={{ display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: "center" }}>
        {content.kicker ? (
          <div style={{ display: "flex" }}>
            <div
              style={{
                display: "flex",
                alignItems: "center",
                gap: 12,
                padding: "10px 22px",
                borderRadius: 999,
                backgroundColor: "rgba(255, 255, 255, 0.10)",
                border: "1px solid rgba(255, 255, 255, 0.22)",
                color: BRAND_100,
                fontSize: 28,
                fontWeight: 700,
              }}
            >
              <div style={{ width: 12, height: 12, borderRadius: 999, backgroundColor: EMERALD_300 }} />
              {content.kicker}
            </div>
          </div>
        ) : null}
        <div
          style={{
            display: "block",
            lineClamp: 3,
            marginTop: content.kicker ? 26 : 0,
            fontSize: titleSize(content),
            fontWeight: 800,
            lineHeight: 1.1,
            letterSpacing: -1.5,
            maxWidth: 1040,
          }}
        >
          {content.title}
        </div>
        {!hasFigures && content.description ? (
          <div
            style={{
              display: "block",
              lineClamp: 2,
              marginTop: 26,
              fontSize: 28,
              fontWeight: 500,
              lineHeight: 1.4,
              color: BRAND_200,
              maxWidth: 980,
            }}
          >
            {content.description}
          </div>
        ) : null}
      </div>

      {hasFigures ? (
        <div style={{ display: "flex", gap: 24 }}>
          {content.figures.map((figure) => (
            <div
              key={figure.label}
              style={{
                display: "flex",
                flexDirection: "column",
                padding: "20px 30px",
                borderRadius: 20,
                backgroundColor: "rgba(255, 255, 255, 0.10)",
                border: "1px solid rgba(255, 255, 255, 0.22)",
                minWidth: 260,
              }}
            >
              <div style={{ fontSize: 54, fontWeight: 800, letterSpacing: -1, color: "#ffffff" }}>{figure.value}</div>
              <div style={{ fontSize: 24, fontWeight: 500, color: BRAND_100, marginTop: 2 }}>{figure.label}</div>
            </div>
          ))}
        </div>
      ) : null}

      <div
        style={{
          position: "absolute",
          left: 0,
          bottom: 0,
          width: CARD_WIDTH,
          height: 10,
          backgroundColor: "#337dfc",
          backgroundImage: "linear-gradient(90deg, #337dfc 0%, #0ea5e9 60%, #6ee7b7 100%)",
        }}
      />
    </div>
  );
}
