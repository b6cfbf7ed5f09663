// Generates public/og-image.png (1200×630, the Open Graph image of every page) from an SVG.
// Run once after changing the design: `node scripts/make-og-image.js`; the PNG is committed.
import sharp from "sharp";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="r1" cx="1" cy="0" r="0.9">
      <stop offset="0" stop-color="#c62323" stop-opacity="0.95"/>
      <stop offset="1" stop-color="#c62323" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="r2" cx="0" cy="1" r="0.7">
      <stop offset="0" stop-color="#f59e0b" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
    <pattern id="stripes" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="2" height="24" fill="#ffffff" fill-opacity="0.05"/>
    </pattern>
  </defs>
  <rect width="1200" height="630" fill="#131a2e"/>
  <rect width="1200" height="630" fill="url(#r1)"/>
  <rect width="1200" height="630" fill="url(#r2)"/>
  <rect width="1200" height="630" fill="url(#stripes)"/>
  <g transform="translate(80 96)">
    <rect width="128" height="128" rx="28" fill="#a71b1b"/>
    <path transform="scale(2)" d="M33 10c2 9 12 14 12 26a13 13 0 0 1-26 0c0-6 3-10 6-13 0 5 2 8 5 9-1-8 1-15 3-22z" fill="#fbbf24"/>
    <path transform="scale(2)" d="M32 30c1 5 6 7 6 13a6 6 0 0 1-12 0c0-4 3-6 6-13z" fill="#fff"/>
  </g>
  <text x="80" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" font-weight="700" letter-spacing="5" fill="#fcd34d">BOMBEIROS CIVIS DO DF</text>
  <text font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="62" font-weight="800" fill="#ffffff">
    <tspan x="80" y="380">Sindicato dos Bombeiros</tspan>
    <tspan x="80" y="454">Civis do Distrito Federal</tspan>
  </text>
  <text x="80" y="530" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" fill="#e2e8f0">Convenções coletivas · Notícias · Filiação · Denúncia anônima</text>
  <rect x="0" y="606" width="1200" height="24" fill="#a71b1b"/>
  <rect x="0" y="606" width="420" height="24" fill="#fbbf24"/>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toFile("public/og-image.png");
const meta = await sharp("public/og-image.png").metadata();
console.log(`public/og-image.png ${meta.width}x${meta.height}`);
