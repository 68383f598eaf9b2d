// Draws Fete's app icons from one SVG with sharp: `node scripts/make-icons.ts`.
// The PNGs are committed (a few KB each), so builds do not depend on this script.
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const OUT = path.resolve(import.meta.dirname, '../web/public/icons');

/** Fete purple (the manifest's theme colour) to carnival magenta and sunset orange. */
const BACKGROUND = `
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#7c2d92"/>
    <stop offset="0.6" stop-color="#b0247a"/>
    <stop offset="1" stop-color="#f0642c"/>
  </linearGradient>`;

/**
 * A bold, slightly leaning "F" drawn as a path (no font needed), with three confetti dots, on a
 * 512 grid. `scale` shrinks the mark around the centre: maskable icons keep it inside the 80 %
 * safe circle.
 */
function mark(scale: number): string {
  const t = `translate(256 256) scale(${scale}) translate(-256 -256)`;
  return `
  <g transform="${t}">
    <path fill="#ffffff" d="M196 112 H372 L360 176 H262 L254 224 H338 L326 286 H242 L220 400 H146 Z"/>
    <circle cx="372" cy="252" r="22" fill="#ffd23f"/>
    <circle cx="402" cy="330" r="15" fill="#2ec4b6"/>
    <circle cx="344" cy="364" r="11" fill="#ffffff"/>
  </g>`;
}

function svg({ rounded, scale }: { rounded: boolean; scale: number }): string {
  const rect = rounded ? '<rect width="512" height="512" rx="112" fill="url(#bg)"/>' : '<rect width="512" height="512" fill="url(#bg)"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><defs>${BACKGROUND}</defs>${rect}${mark(scale)}</svg>`;
}

async function png(source: string, size: number, file: string): Promise<void> {
  const out = path.join(OUT, file);
  await sharp(Buffer.from(source)).resize(size, size).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
  const meta = await sharp(out).metadata();
  console.log(`${file}: ${meta.width}x${meta.height}`);
}

await mkdir(OUT, { recursive: true });
const any = svg({ rounded: true, scale: 1 });
// Maskable: full bleed (the platform applies its own mask), mark inside the safe zone.
const maskable = svg({ rounded: false, scale: 0.78 });
// iOS rounds the corners itself and shows transparency as black, so its icon is full bleed too.
const apple = svg({ rounded: false, scale: 0.9 });

await png(any, 192, 'icon-192.png');
await png(any, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
await png(apple, 180, 'apple-touch-icon-180.png');
await writeFile(path.join(OUT, 'favicon.svg'), any);
console.log('favicon.svg');
