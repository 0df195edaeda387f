import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteProcess, type SiteProcess } from '../support/site-process';

/**
 * Decoding is bounded by format (issue 24, point 2): the attack, 20 service requests at once
 * each with 5 AVIF photos of 7000 × 7000 pixels (a kilobyte or two each; decoding one took 833 MB),
 * against the site as its own process (the production build, as the image runs it), while a visitor
 * sends a real photo. Every bomb is refused from its header as no photo the site can open, the real
 * photo is taken, and the process's resident memory stays under 300 MB throughout.
 */

const POSTS = 20;
const PHOTOS = 5;
const LIMIT_MB = 300;

let site: SiteProcess;
let bomb: Buffer;
beforeAll(async () => {
  [site, bomb] = await Promise.all([
    startSiteProcess({ FORM_RATE_LIMIT_MAX: '1000' }, { built: true }),
    sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#d0e0f0' }, limitInputPixels: false })
      .avif({ quality: 30, effort: 0 })
      .toBuffer(),
  ]);
}, 120_000);
afterAll(() => site?.stop());

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))![1]) / 1024;

function post(photos: { name: string; bytes: Buffer }[]): Promise<Response> {
  const form = new FormData();
  const fields = {
    phone: '041 333 444',
    streetAddress: 'Gozdna pot 7',
    postalCode: '2380',
    town: 'Slovenj Gradec',
    content: `Bomba ${Math.random()}`,
    terms: 'on',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', new Blob([new Uint8Array(photo.bytes)]), photo.name);
  return fetch(`${site.url}/sl/servis`, { method: 'POST', body: form, headers: { 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
}

describe('AVIF bombs', () => {
  it.skipIf(process.platform !== 'linux')(
    'are refused from their header while a real photo is taken, the process under 300 MB',
    async () => {
      expect(bomb.length).toBeLessThan(4096);
      const real = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a07040', noise: { type: 'gaussian', mean: 110, sigma: 20 } } })
        .jpeg()
        .toBuffer();
      let peak = rssMb();
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
      try {
        const bombs = Array.from({ length: POSTS }, (_, i) => post(Array.from({ length: PHOTOS }, (_, n) => ({ name: `bomb-${i}-${n}.avif`, bytes: bomb }))));
        const visitor = post([{ name: 'okno.jpg', bytes: real }]);
        const answers = await Promise.all(bombs);
        expect(answers.map((a) => a.status).join(',')).toBe(Array(POSTS).fill(400).join(','));
        for (const answer of answers) expect(await answer.text()).toContain('form.photos.errors.notAnImage');
        expect((await visitor).status).toBe(303);
      } finally {
        clearInterval(sampler);
      }
      console.log(`photo bombs: peak resident memory ${peak.toFixed(0)} MB`);
      expect(peak).toBeLessThan(LIMIT_MB);
      expect(site.child.exitCode).toBeNull();
    },
    120_000,
  );
});
