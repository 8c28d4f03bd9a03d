// Makes the seed's image files and their metadata (docs/images.md).
//
//   node scripts/seed-images.mjs            → renders the app screenshots (HTML in Chromium) and the client
//                                             wordmarks (SVG via sharp), writes them to sanity-studio/seed/images/
//                                             as `<sha1>-<w>x<h>.png` (the name `sanity dataset export` gives an
//                                             asset) and rewrites metadata.json; prints the file of each image.
//   node scripts/seed-images.mjs --metadata → only recomputes metadata.json from the files already there.
//
// The NDJSON references the files by name, so after a re-render update the `_sanityAsset` values of the
// landingPage line to the printed names.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import sharp from "sharp";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const imagesDir = path.join(root, "sanity-studio", "seed", "images");
const metadataFile = path.join(imagesDir, "metadata.json");

const BRAND = {
  50: "#eef6ff",
  100: "#d9eaff",
  200: "#bcdaff",
  500: "#337dfc",
  600: "#1d5ef1",
  700: "#1549dd",
  950: "#152356",
};
const INK = "#0f172a";

/** Same recipe as Sanity's: a tiny JPEG as a data URL, blurred by the browser when scaled up. */
async function lqipOf(buffer) {
  const tiny = await sharp(buffer)
    .resize({ width: 20, height: 20, fit: "inside" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 40 })
    .toBuffer();
  return `data:image/jpeg;base64,${tiny.toString("base64")}`;
}

async function writeMetadata() {
  const files = fs
    .readdirSync(imagesDir)
    .filter((name) => /\.(png|jpe?g|webp)$/.test(name))
    .sort();
  const metadata = {};
  for (const name of files) {
    const buffer = fs.readFileSync(path.join(imagesDir, name));
    const { width, height, hasAlpha, format } = await sharp(buffer).metadata();
    metadata[name] = { width, height, format, hasAlpha: Boolean(hasAlpha), lqip: await lqipOf(buffer) };
  }
  fs.writeFileSync(metadataFile, `${JSON.stringify(metadata, null, 2)}\n`);
  return metadata;
}

function save(label, buffer, width, height) {
  const sha1 = createHash("sha1").update(buffer).digest("hex");
  const name = `${sha1}-${width}x${height}.png`;
  fs.writeFileSync(path.join(imagesDir, name), buffer);
  console.log(`${label}: ${name} (${(buffer.length / 1024).toFixed(1)} KB)`);
  return name;
}

const LEADS = [
  { company: "Reformas Ebro S.L.", sector: "Construcción", status: "Nuevo", time: "hace 2 min", tone: "new" },
  { company: "Nórdica Software", sector: "Software B2B", status: "Llamado", time: "hace 18 min", tone: "call" },
  { company: "Clínica Dental Sorolla", sector: "Clínicas dentales", status: "Reunión", time: "10:42", tone: "meet" },
  { company: "Transportes Alcázar", sector: "Logística", status: "Nuevo", time: "09:15", tone: "new" },
  { company: "Gestoría Mirador", sector: "Asesorías", status: "Ganado", time: "ayer", tone: "won" },
];
const TONES = {
  new: ["#dbeafe", BRAND[700]],
  call: ["#fef3c7", "#92400e"],
  meet: ["#ede9fe", "#5b21b6"],
  won: ["#d1fae5", "#065f46"],
};

/** Stroke icons (the capture has no emoji font). */
const ICON_PATHS = {
  bell: "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0",
  bolt: "M13 2 3 14h9l-1 8 10-12h-9l1-8z",
  user: "M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  phone:
    "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z",
  mail: "M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6",
  pin: "M21 10c0 7-9 13-9 13S3 17 3 10a9 9 0 0 1 18 0zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  inbox:
    "M22 12h-6l-2 3h-4l-2-3H2M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z",
  calendar: "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
  chart: "M3 3v18h18M18 17V9M13 17V5M8 17v-3",
};
const icon = (name, size = 16, color = "currentColor") =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" style="display:block"><path d="${ICON_PATHS[name]}"/></svg>`;

const tabBar =
  () => `<div style="position:absolute;left:0;right:0;bottom:0;height:58px;background:#fff;border-top:1px solid #e2e8f0;display:grid;grid-template-columns:repeat(4,1fr);padding-top:8px">
  ${[
    ["inbox", "Leads", true],
    ["calendar", "Agenda", false],
    ["chart", "Informes", false],
    ["user", "Perfil", false],
  ]
    .map(
      ([name, label, active]) =>
        `<div style="display:grid;justify-items:center;gap:3px;font-size:9.5px;font-weight:${active ? 700 : 400};color:${active ? BRAND[600] : "#64748b"}">${icon(name, 18)}<span>${label}</span></div>`,
    )
    .join("")}
</div>`;

const BASE_CSS = `
  * { box-sizing: border-box; margin: 0; }
  html, body { width: 320px; height: 640px; overflow: hidden; position: relative; }
  body { font-family: "DejaVu Sans", system-ui, sans-serif; color: ${INK}; background: #f8fafc; font-size: 12px; }
  .status { display: flex; justify-content: space-between; padding: 10px 20px 0; font-size: 11px; font-weight: 700; }
  .chip { display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: 10px; font-weight: 700; }
  .card { background: #fff; border-radius: 14px; box-shadow: 0 1px 2px rgba(15,23,42,.08); }
  .muted { color: #64748b; }
`;

function inboxHtml() {
  const cards = LEADS.map(({ company, sector, status, time, tone }, index) => {
    const [bg, fg] = TONES[tone];
    const first = index === 0;
    return `<div class="card" style="padding:11px 12px;margin-top:8px;display:flex;gap:10px;align-items:center;${
      first ? `outline:2px solid ${BRAND[200]};` : ""
    }">
      <div style="width:34px;height:34px;border-radius:10px;display:grid;place-items:center;font-weight:700;background:${
        first ? BRAND[600] : "#f1f5f9"
      };color:${first ? "#fff" : "#475569"}">${company
        .split(" ")
        .slice(0, 2)
        .map((word) => word[0])
        .join("")}</div>
      <div style="flex:1;min-width:0">
        <div style="font-weight:700;font-size:12.5px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${company}</div>
        <div class="muted" style="font-size:10.5px;margin-top:2px">${sector}</div>
      </div>
      <div style="text-align:right">
        <span class="chip" style="background:${bg};color:${fg}">${status}</span>
        <div class="muted" style="font-size:10px;margin-top:4px">${time}</div>
      </div>
    </div>`;
  }).join("");
  return `<!doctype html><html lang="es"><meta charset="utf-8"><style>${BASE_CSS}</style><body>
    <div style="background:${BRAND[950]};color:#fff;padding-bottom:18px">
      <div class="status"><span>9:41</span><span>5G ▮▮▮</span></div>
      <div style="padding:16px 18px 0;display:flex;justify-content:space-between;align-items:center">
        <div><div style="font-size:11px;color:${BRAND[200]}">Buenos días, Marta</div>
        <div style="font-size:19px;font-weight:700;margin-top:2px">Bandeja de leads</div></div>
        <div style="position:relative;width:34px;height:34px;border-radius:999px;background:rgba(255,255,255,.14);display:grid;place-items:center;">${icon("bell", 17)}<span style="position:absolute;top:2px;right:3px;width:9px;height:9px;border-radius:9px;background:#fbbf24"></span></div>
      </div>
      <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:8px;padding:14px 18px 0">
        ${[
          ["12", "Hoy"],
          ["48", "Esta semana"],
          ["31 %", "Cierre"],
        ]
          .map(
            ([value, label]) =>
              `<div style="background:rgba(255,255,255,.1);border-radius:12px;padding:8px 10px"><div style="font-size:17px;font-weight:700">${value}</div><div style="font-size:10px;color:${BRAND[200]}">${label}</div></div>`,
          )
          .join("")}
      </div>
    </div>
    <div style="padding:6px 14px 0">
      <div class="card" style="margin-top:10px;padding:10px 12px;background:${BRAND[600]};color:#fff;display:flex;gap:10px;align-items:center">
        ${icon("bolt", 20)}
        <div style="flex:1"><div style="font-weight:700;font-size:12px">Nuevo lead de Construcción</div>
        <div style="font-size:10.5px;color:${BRAND[100]}">Reformas Ebro quiere presupuesto</div></div>
        <div style="font-size:10px;font-weight:700;background:#fff;color:${BRAND[700]};border-radius:8px;padding:5px 8px">Ver</div>
      </div>
      <div style="display:flex;justify-content:space-between;margin-top:14px;font-size:11px;font-weight:700"><span>Últimos leads</span><span style="color:${BRAND[600]}">Ver todos</span></div>
      ${cards}
    </div>
    ${tabBar()}
  </body></html>`;
}

function detailHtml() {
  const rows = [
    ["user", "Javier Ortega · Gerente"],
    ["phone", "+34 612 48 90 17"],
    ["mail", "javier@reformasebro.es"],
    ["pin", "Zaragoza · 25 empleados"],
  ];
  const steps = ["Nuevo", "Llamado", "Reunión", "Ganado"];
  return `<!doctype html><html lang="es"><meta charset="utf-8"><style>${BASE_CSS}</style><body>
    <div style="background:${BRAND[600]};color:#fff;padding-bottom:44px">
      <div class="status"><span>9:41</span><span>5G ▮▮▮</span></div>
      <div style="padding:14px 18px 0;display:flex;justify-content:space-between;align-items:center">
        <span style="font-size:16px">‹ Leads</span>
        <span class="chip" style="background:#fff;color:${BRAND[700]}">Nuevo · hace 2 min</span>
      </div>
    </div>
    <div style="padding:0 14px">
      <div class="card" style="margin-top:-32px;padding:14px">
        <div style="display:flex;gap:10px;align-items:center">
          <div style="width:42px;height:42px;border-radius:12px;background:${BRAND[100]};color:${BRAND[700]};display:grid;place-items:center;font-weight:700;font-size:15px">RE</div>
          <div><div style="font-weight:700;font-size:14px">Reformas Ebro S.L.</div><div class="muted" style="font-size:11px">Construcción · Zaragoza</div></div>
        </div>
        <div style="margin-top:12px;border-top:1px solid #e2e8f0;padding-top:8px">
          ${rows.map(([name, text]) => `<div style="display:flex;gap:10px;padding:5px 0;font-size:11.5px"><span style="color:#64748b">${icon(name, 15)}</span><span>${text}</span></div>`).join("")}
        </div>
        <div style="margin-top:10px;background:#f8fafc;border-radius:10px;padding:9px 10px;font-size:11px;line-height:1.45" class="muted">«Buscamos un proveedor de climatización para tres obras en marzo. Presupuesto aproximado: 40.000 €.»</div>
        <div style="display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:12px">
          <div style="background:#10b981;color:#fff;border-radius:10px;padding:9px;text-align:center;font-weight:700">Llamar</div>
          <div style="border:1px solid #cbd5e1;border-radius:10px;padding:9px;text-align:center;font-weight:700">WhatsApp</div>
        </div>
      </div>
      <div class="card" style="margin-top:10px;padding:12px 14px">
        <div style="font-weight:700;font-size:12px">Estado del lead</div>
        <div style="display:flex;align-items:center;margin-top:10px">
          ${steps
            .map(
              (step, index) =>
                `<div style="flex:1;text-align:center"><div style="margin:0 auto;width:20px;height:20px;border-radius:99px;background:${index === 0 ? BRAND[600] : "#e2e8f0"};color:#fff;font-size:10px;display:grid;place-items:center">${index === 0 ? "✓" : ""}</div><div style="font-size:9.5px;margin-top:4px;${index === 0 ? `color:${BRAND[700]};font-weight:700` : "color:#64748b"}">${step}</div></div>`,
            )
            .join("")}
        </div>
      </div>
      <div class="card" style="margin-top:10px;padding:12px 14px;display:flex;justify-content:space-between;align-items:center">
        <div><div style="font-weight:700;font-size:12px">Lead verificado</div><div class="muted" style="font-size:10.5px">Teléfono y empresa comprobados</div></div>
        <span class="chip" style="background:#d1fae5;color:#065f46">100 %</span>
      </div>
    </div>
    ${tabBar()}
  </body></html>`;
}

/** Fictitious Spanish companies: a mark and a name, one colour, on transparency. */
const WORDMARKS = [
  { name: "Reformas Ebro", mark: "square", weight: 700 },
  { name: "Nórdica Software", mark: "triangle", weight: 600 },
  { name: "Dental Sorolla", mark: "circle", weight: 700 },
  { name: "Transportes Alcázar", mark: "bars", weight: 700 },
];

function wordmarkSvg({ name, mark, weight }, width, height) {
  const marks = {
    square: `<rect x="10" y="22" width="32" height="32" rx="7" fill="none" stroke="${INK}" stroke-width="8"/>`,
    triangle: `<path d="M26 14 L48 58 L4 58 Z" fill="${INK}"/>`,
    circle: `<circle cx="26" cy="38" r="21" fill="none" stroke="${INK}" stroke-width="8"/>`,
    bars: `<rect x="6" y="42" width="10" height="16" fill="${INK}"/><rect x="20" y="30" width="10" height="28" fill="${INK}"/><rect x="34" y="18" width="10" height="40" fill="${INK}"/>`,
  };
  const fontSize = name.length > 16 ? 26 : 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${marks[mark]}
    <text x="58" y="49" font-family="DejaVu Sans" font-size="${fontSize}" font-weight="${weight}" letter-spacing="-0.5" fill="${INK}">${name}</text>
  </svg>`;
}

async function render() {
  const { chromium } = await import("playwright-core");
  fs.mkdirSync(imagesDir, { recursive: true });
  for (const name of fs.readdirSync(imagesDir)) fs.rmSync(path.join(imagesDir, name));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 });
    for (const [label, html] of [
      ["Bandeja de leads (hero)", inboxHtml()],
      ["Ficha de lead (app)", detailHtml()],
    ]) {
      await page.setContent(html, { waitUntil: "load" });
      const shot = await page.screenshot({ type: "png" });
      const png = await sharp(shot).png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 }).toBuffer();
      save(label, png, 640, 1280);
    }
  } finally {
    await browser.close();
  }
  for (const wordmark of WORDMARKS) {
    const [width, height] = [420, 76];
    const png = await sharp(Buffer.from(wordmarkSvg(wordmark, width, height)))
      .trim()
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    const { info } = await sharp(png).toBuffer({ resolveWithObject: true });
    save(`Logo ${wordmark.name}`, png, info.width, info.height);
  }
}

if (!process.argv.includes("--metadata")) await render();
const metadata = await writeMetadata();
console.log(`metadata.json: ${Object.keys(metadata).length} images`);
