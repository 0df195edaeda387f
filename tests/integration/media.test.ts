import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DATA_PARAM, type AdminPayload } from '../../shared/admin/document';
import type { AdminActionData } from '../../shared/admin/screens';
import type { StaffRole } from '../../shared/api/staff';
import { contentEntitySchema } from '../../shared/api/staff-content';
import { mediaItemSchema, type MediaItem } from '../../shared/api/staff-media';
import { PHOTO_LIMITS } from '../../shared/forms/photos';
import { CACHE_CONTROL } from '../../server/site/cache-control';
import { STAFF_SESSION_COOKIE } from '../../server/site/admin/cookies';
import { MEDIA_DIR } from '../../server/cms/backup';
import { startCms, type RunningCms } from '../../server/cms/server';
import { MAX_POST_BYTES } from '../../server/site/photos/upload';
import { readCms } from '../support/cms-db';
import { pngBomb } from '../support/photos';
import { acceptAndEnrol, inviteFromCommandLine, tokenOf } from '../support/staff';
import { startTestSite } from './helpers';

/**
 * The editors' photos (docs/decisions/0046-editors-images.md) over real HTTP: uploaded to the staff
 * area's media screen as its form posts them (multipart, with the staff session and the area's origin),
 * decoded and cleaned by the visitors' photo decoder, stored by a standalone content API with their
 * AVIF and WebP variants, served by the site immutable, and shown in a product's `<picture>` once an
 * editor picks one for it.
 */

const CONTENT_DIR = resolve(process.cwd(), 'content');
const PASSWORD = 'a long staff password';
const ALT = { 'alt.sl': 'Rolete na hiši', 'alt.en': 'Shutters on a house', 'alt.de': 'Rollläden an einem Haus' };

let dataDir: string;
let cms: RunningCms;
let site: Awaited<ReturnType<typeof startTestSite>>;
const sessions = {} as Record<StaffRole, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'media-'));
  cms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger: pino({ level: 'silent' }) });
  site = await startTestSite({ UPSTREAM_URL: cms.url });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(new URL(path, cms.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  for (const role of ['owner', 'editor', 'sales'] as const) {
    const link = await inviteFromCommandLine(dataDir, `${role}@sencila.test`, role);
    sessions[role] = (await acceptAndEnrol(post, tokenOf(link), `${role} member`, PASSWORD)).token;
  }
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Photo = { name: string; bytes: Buffer };
const cookie = (role: StaffRole) => `${STAFF_SESSION_COOKIE}=${sessions[role]}`;

/** The media screen's upload as the browser's router posts it (multipart, its answer the screen's data). */
function upload(photos: Photo[], fields: Record<string, string> = ALT, role: StaffRole = 'editor') {
  const req = request(site.server).post(`/admin/media?${ADMIN_DATA_PARAM}`).set('Origin', site.url).set('Cookie', cookie(role)).field('intent', 'upload');
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const photo of photos) req.attach('photos', photo.bytes, photo.name);
  return req;
}
const actionOf = (res: request.Response) => (res.body as AdminPayload).actionData?.media as AdminActionData | undefined;
/** The screen's answer as the router reads it: a redirect after an upload that went well, else its status. */
const answerOf = (res: request.Response) => {
  const payload = res.body as AdminPayload;
  return payload.redirect ?? payload.status;
};
const UPLOADED = '/admin/media?done=upload';
async function mediaList(role: StaffRole = 'editor'): Promise<MediaItem[]> {
  const res = await fetch(new URL('staff/media', cms.url), { headers: { authorization: `Bearer ${sessions[role]}` } });
  return mediaItemSchema.array().parse(await res.json());
}

const rgb = { r: 200, g: 120, b: 40 };
const PHOTOS: [string, () => Promise<Photo>][] = [
  [
    'JPEG (with its camera data and GPS position)',
    async () => ({
      name: 'hisa.jpg',
      bytes: await sharp({ create: { width: 2000, height: 1500, channels: 3, background: rgb } })
        .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitude: '46/1 3/1 0/1', GPSLatitudeRef: 'N' } })
        .jpeg()
        .toBuffer(),
    }),
  ],
  [
    'PNG',
    async () => ({
      name: 'okno.png',
      bytes: await sharp({ create: { width: 1300, height: 900, channels: 4, background: { ...rgb, alpha: 1 } } })
        .png()
        .toBuffer(),
    }),
  ],
  [
    'WebP',
    async () => ({
      name: 'senčilo.webp',
      bytes: await sharp({ create: { width: 900, height: 600, channels: 3, background: rgb } })
        .webp()
        .toBuffer(),
    }),
  ],
];

describe('uploading a photo', () => {
  it.each(PHOTOS)('stores a %s cleaned, with AVIF and WebP variants at the site widths, served immutable', async (_, make) => {
    const photo = await make();
    expect(answerOf(await upload([photo]))).toBe(UPLOADED);
    const item = (await mediaList()).find((m) => m.name === photo.name)!;
    expect(item.alt).toEqual({ sl: ALT['alt.sl'], en: ALT['alt.en'], de: ALT['alt.de'] });
    const { width } = await sharp(photo.bytes).metadata();
    const widths = [480, 800, 1200, 1600].filter((w) => w <= width);
    expect(item.variants.map((v) => [v.type, v.width])).toEqual([...widths.map((w) => ['image/avif', w]), ...widths.map((w) => ['image/webp', w])]);

    const original = await request(site.server).get(item.src).buffer(true);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe(CACHE_CONTROL.immutable);
    const meta = await sharp(original.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: item.width, height: item.height });
    // Cleaned as a visitor's photo is: no camera data, no position.
    expect(meta.exif).toBeUndefined();
    for (const variant of item.variants) {
      const file = await request(site.server).get(variant.src).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(variant.type);
      expect(file.headers['cache-control']).toBe(CACHE_CONTROL.immutable);
      expect(await sharp(file.body as Buffer).metadata()).toMatchObject({ format: variant.type === 'image/avif' ? 'heif' : 'webp', width: variant.width });
    }
    // In the content API's media folder beside its database, which `npm run backup` copies.
    expect(existsSync(join(dataDir, MEDIA_DIR, item.src.split('/').at(-1)!))).toBe(true);
  });

  const heifEnc = spawnSync('heif-enc', ['--list-encoders'], { encoding: 'utf8' });
  it.skipIf(heifEnc.status !== 0 || !heifEnc.stdout.includes('x265'))('stores a HEIC photo (HEVC, as iPhones take it) as the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-heic-'));
    try {
      writeFileSync(
        join(dir, 'in.jpg'),
        await sharp({ create: { width: 1000, height: 750, channels: 3, background: rgb } })
          .jpeg()
          .toBuffer(),
      );
      execFileSync('heif-enc', ['-q', '80', '-o', join(dir, 'IMG_0002.HEIC'), join(dir, 'in.jpg')]);
      expect(answerOf(await upload([{ name: 'IMG_0002.HEIC', bytes: readFileSync(join(dir, 'IMG_0002.HEIC')) }]))).toBe(UPLOADED);
      const item = (await mediaList()).find((m) => m.name === 'IMG_0002.HEIC')!;
      expect(item).toMatchObject({ width: 1000, height: 750 });
      expect(item.variants.map((v) => v.width)).toEqual([480, 800, 480, 800]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is audited: who uploaded which photo', async () => {
    const entries = readCms(
      dataDir,
      (db) => db.prepare("SELECT member_name, detail FROM staff_audit WHERE action = 'media_upload'").all() as { member_name: string; detail: string }[],
    );
    expect(entries.map((e) => [e.member_name, (JSON.parse(e.detail) as { name: string }).name])).toContainEqual(['editor member', 'hisa.jpg']);
  });
});

describe('refusing an upload', () => {
  const text = { name: 'okno.jpg', bytes: Buffer.from('To ni fotografija.\n'.repeat(100)) };

  it.each([
    ['a decompression bomb (a 12,000 × 12,000 PNG of a few kB)', () => ({ name: 'bomba.png', bytes: pngBomb(12_000, 12_000) }), 'media.errors.notAnImage'],
    ['a text file named like a photo', () => text, 'media.errors.notAnImage'],
    [
      'an SVG',
      () => ({ name: 'risba.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }),
      'media.errors.notAnImage',
    ],
    ['a photo over 10 MB', () => ({ name: 'velika.jpg', bytes: Buffer.alloc(PHOTO_LIMITS.bytesEach + 1, 1) }), 'media.errors.tooLarge'],
  ])("refuses %s with the photo field's message, nothing stored", async (_, make, message) => {
    const before = (await mediaList()).length;
    const res = await upload([make()]);
    expect(answerOf(res)).toBe(400);
    expect(actionOf(res)).toMatchObject({ form: 'upload', errors: { photos: message } });
    expect(await mediaList()).toHaveLength(before);
  });

  it('requires the alt text in each of the three languages, and keeps what was typed', async () => {
    const photo = await PHOTOS[2]![1]();
    const res = await upload([photo], { 'alt.sl': 'Rolete', 'alt.en': '  ', 'alt.de': '' });
    expect(answerOf(res)).toBe(400);
    expect(actionOf(res)).toMatchObject({ errors: { 'alt.en': 'media.errors.alt', 'alt.de': 'media.errors.alt' }, values: { 'alt.sl': 'Rolete' } });
    expect(actionOf(res)?.errors?.['alt.sl']).toBeUndefined();
    // The content API's own check, for an upstream reached without the site.
    const form = new FormData();
    form.append('body', JSON.stringify({ alt: { sl: 'Rolete', en: 'Shutters' } }));
    form.append('photos', new Blob([new Uint8Array(await sharp(photo.bytes).jpeg().toBuffer())], { type: 'image/jpeg' }), 'x.jpg');
    const direct = await fetch(new URL('staff/media', cms.url), { method: 'POST', headers: { authorization: `Bearer ${sessions.editor}` }, body: form });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ error: 'bad_request', fields: { alt: expect.any(String) } });
  });

  it('takes one photo at a time, and no upload without a photo', async () => {
    const photo = await PHOTOS[2]![1]();
    expect(actionOf(await upload([photo, photo]))?.errors?.photos).toBe('media.errors.tooMany');
    expect(actionOf(await upload([]))?.errors?.photos).toBe('media.errors.required');
  });

  it('answers 413 to a post over the limit, 415 to a body of another type, 403 without a session or from another origin', async () => {
    const huge = await request(site.server)
      .post('/admin/media')
      .set('Origin', site.url)
      .set('Cookie', cookie('editor'))
      .field('intent', 'upload')
      .attach('photos', Buffer.alloc(MAX_POST_BYTES, 1), 'huge.jpg');
    expect(huge.status).toBe(413);
    const json = await request(site.server)
      .post('/admin/media')
      .set('Origin', site.url)
      .set('Cookie', cookie('editor'))
      .type('json')
      .send({ intent: 'upload' });
    expect(json.status).toBe(415);
    const anonymous = await request(site.server).post('/admin/media').set('Origin', site.url).field('intent', 'upload').attach('photos', text.bytes, 'x.jpg');
    expect(anonymous.status).toBe(403);
    const foreign = await request(site.server)
      .post('/admin/media')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie('editor'))
      .field('intent', 'upload')
      .attach('photos', text.bytes, 'x.jpg');
    expect(foreign.status).toBe(403);
    const cut = await request(site.server)
      .post('/admin/media')
      .set('Origin', site.url)
      .set('Cookie', cookie('editor'))
      .set('Content-Type', 'multipart/form-data; boundary=b')
      .send(Buffer.from('--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nunfinished'));
    expect([cut.status, cut.text]).toEqual([400, 'Bad Request']);
    // The content API takes multipart only.
    const unread = await fetch(new URL('staff/media', cms.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${sessions.editor}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unread.status).toBe(415);
  });
});

describe('who may', () => {
  it('lets owners and editors list and upload, and no one else', async () => {
    for (const role of ['owner', 'editor'] as const) expect((await request(site.server).get('/admin/media').set('Cookie', cookie(role))).status).toBe(200);
    expect((await request(site.server).get('/admin/media').set('Cookie', cookie('sales'))).status).toBe(403);
    const before = (await mediaList()).length;
    const byOwner = await upload(
      [
        {
          name: 'lastnik.webp',
          bytes: await sharp({ create: { width: 500, height: 400, channels: 3, background: rgb } })
            .webp()
            .toBuffer(),
        },
      ],
      ALT,
      'owner',
    );
    expect(answerOf(byOwner)).toBe(UPLOADED);
    const bySales = await upload(
      [
        {
          name: 'prodaja.webp',
          bytes: await sharp({ create: { width: 500, height: 400, channels: 3, background: { r: 1, g: 1, b: 1 } } })
            .webp()
            .toBuffer(),
        },
      ],
      ALT,
      'sales',
    );
    expect(answerOf(bySales)).toBe(403);
    expect(await mediaList()).toHaveLength(before + 1);
    expect((await fetch(new URL('staff/media', cms.url), { headers: { authorization: `Bearer ${sessions.sales}` } })).status).toBe(403);
    expect((await fetch(new URL('staff/media', cms.url))).status).toBe(401);
  });
});

describe('a photo on the site', () => {
  it("shows in a product's <picture> with its AVIF and WebP sources once an editor picks it and publishes", async () => {
    const photo = (await mediaList()).find((m) => m.name === 'hisa.jpg')!;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(new URL(path, cms.url), {
        method,
        headers: { authorization: `Bearer ${sessions.editor}`, 'content-type': 'application/json' },
        body: body === undefined ? '{}' : JSON.stringify(body),
      });
    const entity = contentEntitySchema.parse(
      await (await fetch(new URL('staff/content/products/podometne-rolete', cms.url), { headers: { authorization: `Bearer ${sessions.editor}` } })).json(),
    );
    const product = entity.published as Record<string, unknown>;
    const json = { ...product, image: { src: photo.src, width: photo.width, height: photo.height } };
    expect((await call('PUT', 'staff/content/products/podometne-rolete/draft', { json })).status).toBe(200);
    expect((await call('POST', 'staff/content/products/podometne-rolete/publish')).status).toBe(200);

    const page = await request(site.server).get('/en/product/concealed-roller-shutters');
    expect(page.status).toBe(200);
    const srcset = (type: string) =>
      photo.variants
        .filter((v) => v.type === type)
        .map((v) => `${v.src} ${v.width}w`)
        .join(', ');
    const sources = [...page.text.matchAll(/<source type="([^"]+)" srcset="([^"]+)"/gi)].map((m) => [m[1], m[2]]);
    expect(sources).toContainEqual(['image/avif', srcset('image/avif')]);
    expect(sources).toContainEqual(['image/webp', srcset('image/webp')]);
    expect(page.text).toContain(`src="${photo.src}"`);
    // Its alt texts are the product's own (the content editor fills them in from the photo's when it is picked).
    expect(page.text).toMatch(new RegExp(`<img[^>]+src="${photo.src}"`));
  });
});
