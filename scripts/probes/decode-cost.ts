/**
 * What decoding a photo really costs, by format: each image is re-encoded as the site does it
 * (server/site/photos/prepare.ts `reencode`, its pixel budget set aside) in a process of its own, and the
 * process's peak resident memory above its start is read from the kernel (VmHWM, reset through
 * /proc/self/clear_refs). The bytes per pixel it prints are what `decodeCostPerPixel` holds each
 * format to (docs/decisions/0034-uploads-under-attack.md). HEIC needs libheif's `heif-enc`
 * (Debian: libheif-examples); without it those rows are left out. Linux only.
 *
 *   node --import tsx scripts/probes/decode-cost.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { RUNTIME_ENV } from '../runtime-env.mjs';
import { MAX_INPUT_PIXELS, reencode, type Decodable } from '../../server/site/photos/prepare';

const FIXTURES = path.join(os.tmpdir(), 'probe-fixtures', 'decode-cost');

/** A flat image with a little noise: what a decoder must hold does not depend on its content. */
const plain = (width: number, height: number, channels: 3 | 4 = 3): Sharp =>
  sharp({
    create: { width, height, channels, background: { r: 120, g: 140, b: 160, alpha: 0.8 }, noise: { type: 'gaussian', mean: 128, sigma: 8 } },
    limitInputPixels: false,
  });

type Case = { name: string; file: string; width: number; height: number; decoder: Decodable['decoder']; make: () => Promise<void> };

function cases(): Case[] {
  const at = (name: string) => path.join(FIXTURES, name);
  const vips = (name: string, width: number, height: number, image: () => Sharp): Case => ({
    name,
    file: at(`${name.replace(/\W+/g, '-')}.img`),
    width,
    height,
    decoder: 'vips',
    make: async () => void (await image().toFile(at(`${name.replace(/\W+/g, '-')}.img`))),
  });
  const heic = (name: string, width: number, height: number): Case => ({
    name,
    file: at(`${width}x${height}.heic`),
    width,
    height,
    decoder: 'heic',
    make: async () => {
      await plain(width, height)
        .png({ compressionLevel: 1 })
        .toFile(at(`${width}x${height}.png`));
      execFileSync('heif-enc', ['-q', '50', '-o', at(`${width}x${height}.heic`), at(`${width}x${height}.png`)], { stdio: 'ignore' });
    },
  });
  const all = [
    vips('JPEG baseline', 7000, 7000, () => plain(7000, 7000).jpeg({ quality: 80 })),
    vips('JPEG progressive', 7000, 7000, () => plain(7000, 7000).jpeg({ quality: 80, progressive: true })),
    vips('PNG 8-bit', 7000, 7000, () => plain(7000, 7000).png()),
    vips('PNG 8-bit interlaced', 7000, 7000, () => plain(7000, 7000).png({ progressive: true })),
    vips('PNG 16-bit RGBA interlaced', 7000, 7000, () => plain(7000, 7000, 4).toColourspace('rgb16').png({ progressive: true })),
    vips('WebP', 7000, 7000, () => plain(7000, 7000).webp({ quality: 80 })),
    vips('AVIF 8-bit 4:2:0', 4000, 3000, () => plain(4000, 3000).avif({ quality: 30, effort: 0 })),
    vips('AVIF 12-bit 4:4:4', 4000, 3000, () => plain(4000, 3000).avif({ quality: 30, effort: 0, bitdepth: 12, chromaSubsampling: '4:4:4' })),
  ];
  const heifEnc = spawnSync('heif-enc', ['--list-encoders'], { encoding: 'utf8' });
  return heifEnc.status === 0 && heifEnc.stdout.includes('x265') ? [...all, heic('HEIC', 4032, 3024), heic('HEIC', 5712, 4284)] : all;
}

const statusMb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

/** In the child: one re-encode, its peak memory above the process's before it, and its time. */
async function measure(file: string, decoder: Decodable['decoder']): Promise<void> {
  const how: Decodable = decoder === 'heic' ? { decoder } : { decoder, maxPixels: MAX_INPUT_PIXELS };
  // The libraries loaded and their first allocations made before the start is read.
  await reencode(file, how);
  global.gc?.();
  const before = statusMb('VmRSS');
  writeFileSync('/proc/self/clear_refs', '5');
  const start = performance.now();
  await reencode(file, how);
  console.log(JSON.stringify({ peakMb: statusMb('VmHWM') - before, ms: performance.now() - start }));
}

if (process.argv[2] === '--measure') {
  await measure(process.argv[3]!, process.argv[4] as Decodable['decoder']);
} else {
  mkdirSync(FIXTURES, { recursive: true });
  console.log('format | pixels | peak memory above start | bytes per pixel | time');
  for (const c of cases()) {
    if (!existsSync(c.file)) await c.make();
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--measure', c.file, c.decoder], {
      env: { ...process.env, ...RUNTIME_ENV },
      encoding: 'utf8',
    });
    const { peakMb, ms } = JSON.parse(out.trim().split('\n').pop()!) as { peakMb: number; ms: number };
    const pixels = c.width * c.height;
    console.log(
      `${c.name} | ${(pixels / 1e6).toFixed(1)} MP | ${peakMb.toFixed(0)} MB | ${((peakMb * 1024 * 1024) / pixels).toFixed(1)} | ${(ms / 1000).toFixed(1)} s`,
    );
  }
}
