/**
 * The installed app's icons (issue 22, ADR 027), drawn once from the logo (src/web/public/favicon.svg)
 * with sharp and committed: `npx tsx scripts/make-icons.ts`. The maskable icon keeps the drop
 * inside the 80% safe zone on the brand colour, so Android's round or squircle mask never cuts it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'src/web/public');
const out = path.join(publicDir, 'icons');
const BRAND = '#1976d2';

const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
/** The drop alone, for the maskable icon (no rounded square: the platform masks it). */
const drop = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 12c-7 10-14 18-14 26a14 14 0 0 0 28 0c0-8-7-16-14-26z" fill="#fff"/></svg>',
);

async function main() {
  fs.mkdirSync(out, { recursive: true });
  for (const size of [192, 512]) {
    await sharp(logo, { density: 72 * (size / 64) * 1.1 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(out, `icon-${size}.png`));
  }
  await sharp(logo, { density: 72 * (180 / 64) * 1.1 })
    .resize(180, 180)
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, 'apple-touch-icon-180.png'));
  const inner = await sharp(drop, { density: 72 * (320 / 64) * 1.1 })
    .resize(320, 320)
    .png()
    .toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: inner, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, 'maskable-512.png'));
  console.info(`icons written to ${path.relative(root, out)}`);
}

await main();
