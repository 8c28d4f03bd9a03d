/**
 * How each site icon is drawn (24×24, stroke-based): one string a shape, an SVG path's `d`, or
 * `circle cx cy r`, or `rect x y width height [rx]`. The browser gets these only as the icon sprite
 * (/icons.svg, app/routes/icons[.]svg.ts) and, for drawings of their own such as the sector icons, in the
 * chunk that draws them with `SvgIcon`.
 */
import { ICON_FRAME, type IconName } from "./Icon";

export type IconShapes = readonly string[];

export const ICON_SHAPES = {
  check: ["M5 12.5l4.5 4.5L19 7.5"],
  x: ["M6 6l12 12M18 6L6 18"],
  "arrow-right": ["M5 12h14M13 6l6 6-6 6"],
  "chevron-down": ["M6 9l6 6 6-6"],
  external: ["M14 4h6v6M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  phone: [
    "M5 4h3.5l1.8 4.5-2.3 1.4a11 11 0 0 0 6.1 6.1l1.4-2.3L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z",
  ],
  mail: ["rect 3 5 18 14 2", "M3.5 6.5l8.5 6.5 8.5-6.5"],
  chat: ["M4 5h16v11H9l-5 4V5Z"],
  calculator: [
    "rect 5 3 14 18 2",
    "M8 7h8M8.5 11h.01M12 11h.01M15.5 11h.01M8.5 14.5h.01M12 14.5h.01M15.5 14.5h.01M8.5 18h.01M12 18h.01M15.5 18h.01",
  ],
  target: ["circle 12 12 8.5", "circle 12 12 5", "circle 12 12 1.5"],
  document: ["M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z", "M14 3v5h5M9 13h6M9 17h6"],
  rocket: [
    "M12 15l-3-3c1.5-4.5 4.5-8 10-8 0 5.5-3.5 8.5-8 10Z",
    "M9 12H5.5L8 8.5h4M12 15v3.5l3.5-2.5v-4M6.5 17.5c-1 1-1.5 3-1.5 3s2-.5 3-1.5",
  ],
  bell: ["M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Z", "M10 20.5a2 2 0 0 0 4 0"],
  card: ["rect 3 5 18 14 2", "circle 8.5 11 2", "M5.5 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14 10h4M14 13.5h4"],
  chart: ["M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6"],
  trend: ["M3 17l6-6 4 4 8-8M15 7h6v6"],
  undo: ["M4 9h11a5 5 0 0 1 0 10H8", "M8 5L4 9l4 4"],
  globe: ["circle 12 12 9", "M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z"],
  megaphone: ["M4 10v4a1 1 0 0 0 1 1h2l8 4V5L7 9H5a1 1 0 0 0-1 1Z", "M18.5 9.5a3.5 3.5 0 0 1 0 5M8 15l1 5h2.5"],
  server: ["rect 4 4 16 7 1.5", "rect 4 13 16 7 1.5", "M8 7.5h.01M8 16.5h.01"],
  refresh: ["M20 11a8 8 0 0 0-14.5-4.5L4 8M4 13a8 8 0 0 0 14.5 4.5L20 16", "M4 4v4h4M20 20v-4h-4"],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3Z", "M8.5 12l2.5 2.5 4.5-5"],
  clock: ["circle 12 12 9", "M12 7v5l3 2"],
  search: ["circle 11 11 6.5", "M16 16l4.5 4.5"],
  layout: ["rect 3 4 18 16 2", "M3 9h18M9 9v11"],
  sparkles: [
    "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3ZM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z",
  ],
  users: [
    "circle 9 8 3.5",
    "M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c1.8.8 3 2.5 3.5 5.2",
  ],
  bolt: ["M13 3L5 13.5h6L10 21l8-10.5h-6L13 3Z"],
  star: ["M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9L12 3.5Z"],
  euro: ["M17.5 6.5A7 7 0 1 0 17.5 17.5", "M4 10.5h9M4 13.5h9"],
} satisfies Record<IconName, IconShapes>;

export function Shape({ shape }: { shape: string }) {
  const [kind, ...values] = shape.split(" ");
  if (kind === "circle") {
    const [cx, cy, r] = values;
    return <circle cx={cx} cy={cy} r={r} />;
  }
  if (kind === "rect") {
    const [x, y, width, height, rx] = values;
    return <rect x={x} y={y} width={width} height={height} rx={rx} />;
  }
  return <path d={shape} />;
}

/** An icon drawn in place from its shapes, in the same frame as the sprite's icons. */
export function SvgIcon({ shapes, className }: { shapes: IconShapes; className: string }) {
  return (
    <svg {...ICON_FRAME} className={className}>
      {shapes.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
    </svg>
  );
}
