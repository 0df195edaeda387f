// Made the raster pictures of the seed content (public/images/**/*-photo*.{jpg,webp}) once, from the
// illustrations: the seed has no real photographs, but the raster path (variants, <picture>, the JPEG
// share image) needs pictures that behave like photographs, so each drawing gets light, grain and a
// lens's softness. Run again with `node --import tsx scripts/content/seed-photos.ts` (all, or the ones named).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const images = path.resolve(import.meta.dirname, '../../public/images');

/** The illustration drawn at `width`, a region of it enlarged when `crop` is given (in its own units). */
async function draw(svgFile: string, width: number, crop?: { left: number; top: number; width: number; height: number }) {
  const svg = readFileSync(path.join(images, svgFile));
  const { width: svgWidth } = await sharp(svg).metadata();
  const scale = width / (crop?.width ?? svgWidth!);
  let image = sharp(svg, { density: 72 * scale });
  if (crop) image = image.extract({ left: Math.round(crop.left * scale), top: Math.round(crop.top * scale), width, height: Math.round(crop.height * scale) });
  return image.png().toBuffer();
}

/** Soft focus, a warm light from the top left falling off to the corners, and sensor grain. */
async function photograph(png: Buffer) {
  const { width, height } = await sharp(png).metadata();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
      `<radialGradient id="l" cx="0.3" cy="0.2" r="1"><stop offset="0" stop-color="#fff6e0" stop-opacity="0.35"/>` +
      `<stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>` +
      `</defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`,
  );
  const grain = await sharp({ create: { width: width!, height: height!, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .png()
    .toBuffer();
  return sharp(png)
    .blur(0.8)
    .composite([
      { input: light, blend: 'soft-light' },
      { input: grain, blend: 'overlay' },
    ])
    .flatten({ background: '#ffffff' });
}

const jobs = [
  { from: 'products/predokenske-rolete.svg', to: 'products/predokenske-rolete-photo.jpg', width: 1600 },
  // Closer in, but the whole window and the wall's edges on the facade's colour: a crop that cut the
  // window's sill off and showed only the white wall read as a broken picture on the white page.
  { from: 'products/predokenske-rolete.svg', to: 'products/predokenske-rolete-photo-2.webp', width: 1600, crop: { left: 70, top: 120, width: 620, height: 465 } },
  { from: 'articles/roller-garage-doors.svg', to: 'articles/roller-garage-doors-photo.jpg', width: 1600 },
];

// `node --import tsx scripts/content/seed-photos.ts <name>` makes only the pictures whose file name contains it.
const only = process.argv[2];
for (const job of jobs.filter((j) => !only || j.to.includes(only))) {
  const photo = await photograph(await draw(job.from, job.width, job.crop));
  const out = path.join(images, job.to);
  const info = job.to.endsWith('.webp') ? await photo.webp({ quality: 82 }).toFile(out) : await photo.jpeg({ quality: 82, mozjpeg: true }).toFile(out);
  console.log(`${job.to}: ${info.width}x${info.height}, ${Math.round(info.size / 1024)} kB`);
}
