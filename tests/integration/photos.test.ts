import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DATA_ID, type DocumentData, type PagePayload } from '../../shared/document';
import { PHOTO_LIMITS } from '../../shared/forms/photos';
import type { PublicFormResult } from '../../shared/page-data';
import { pageI18n } from '../support/i18n';
import { MAX_POST_BYTES } from '../../server/site/photos/upload';
import { until } from '../support/until';
import { registerVerified, signIn } from '../support/visitor';
import { startTestSite, waitForMail } from './helpers';
import { personsFields, solvedGuard } from '../support/form-guard';
import { readCms } from '../support/cms-db';
import { pngBomb } from '../support/photos';

/**
 * Photos with a service request and an inquiry (issue 15), over real HTTP against the real content API,
 * with real image files made here with sharp: posted as the form without JavaScript posts them (the
 * page, multipart; a re-render with a field error naming the photo, or the thank-you redirect) and as
 * the browser's router does (the page's payload URL). What is accepted is decoded and re-encoded,
 * stored with its submission, delivered, attached to the company's mail and erased from the outbox.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => site?.stop());

const COMPANY = 'info@sencila-zorko.si';
const ADDRESS = { streetAddress: 'Gozdna pot 7', postalCode: '2380', town: 'Slovenj Gradec' };
const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const serviceFields = (email: string, content: string) => ({ phone: '041 333 444', email, content, terms: 'on', ...ADDRESS });

type Photo = { name: string; bytes: Buffer };

/** A multipart post from the site's own page, as a browser without JavaScript sends it. */
function postMultipart(url: string, fields: Record<string, string>, photos: Photo[], cookie = '') {
  let req = request(site.server).post(url).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie);
  for (const [name, value] of Object.entries({ ...personsFields(), ...fields })) req = req.field(name, value);
  for (const photo of photos) req = req.attach('photos', photo.bytes, photo.name);
  return req;
}

function documentData(html: string): DocumentData {
  const match = new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error('no page data in the document');
  return JSON.parse(match[1]!) as DocumentData;
}
const actionOf = (html: string, routeId: string) => documentData(html).hydration.actionData?.[routeId] as PublicFormResult;

/** The content API's own database: what reached the company. */
const cms = <T>(read: (db: Database.Database) => T): T => readCms(site.dataDir, read);
function outbox<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(site.dataDir, 'outbox.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

type StoredPhotoRow = { name: string; type: string; bytes: Buffer; thumbnail: Buffer };
const photosOfSubmissionWith = (content: string) =>
  cms((db) =>
    db
      .prepare(
        `SELECT p.name, p.type, p.bytes, p.thumbnail FROM submission_photos p JOIN submissions s ON s.id = p.submission_id
         WHERE json_extract(s.data, '$.content') = ? ORDER BY p.position`,
      )
      .all(content),
  ) as StoredPhotoRow[];

/** A camera's photo: 3000 × 2000 stored on its side (EXIF orientation 6), with a maker and a GPS position. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhotoCam', Model: 'PC-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '14/1 30/1 0/1' },
    })
    .toBuffer();
}

it('makes a camera photo with its metadata (what the site must strip)', async () => {
  const meta = await sharp(await cameraJpeg()).metadata();
  expect(meta.orientation).toBe(6);
  expect(meta.exif?.toString('latin1')).toContain('PhotoCam');
});
const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 200, b: 20 } } })
    .webp()
    .toBuffer();
const smallJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .jpeg()
    .toBuffer();

describe('a service request with photos, without JavaScript', () => {
  it('re-encodes every photo, stores it with its submission, attaches it to the company mail and lists it for the visitor', async () => {
    const email = unique('foto');
    const content = `Zlomljena lamela ${email}`;
    const res = await postMultipart('/sl/servis', serviceFields(email, content), [
      { name: 'okno.jpg', bytes: await cameraJpeg() },
      { name: 'slika-okvirja.png', bytes: await png() },
      { name: 'pogled.webp', bytes: await webp() },
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/servis?sent=1');

    let stored: StoredPhotoRow[] = [];
    await until('the content API has the photos', () => (stored = photosOfSubmissionWith(content)).length === 3);
    // Stored as what they now are, JPEGs, under the names the company's mail lists and attaches them with.
    expect(stored.map((p) => p.name)).toEqual(['okno.jpg', 'slika-okvirja.jpg', 'pogled.jpg']);
    for (const photo of stored) {
      const meta = await sharp(photo.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      // No metadata survives: no EXIF (maker, GPS), no XMP, no IPTC.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect((await sharp(photo.thumbnail).metadata()).width).toBeLessThanOrEqual(192);
    }
    // The camera's photo stood upright and was brought within the long side.
    const camera = await sharp(stored[0]!.bytes).metadata();
    expect([camera.width, camera.height]).toEqual([Math.round((2000 * PHOTO_LIMITS.longSidePx) / 3000), PHOTO_LIMITS.longSidePx]);
    expect(camera.orientation).toBeUndefined();

    const notification = await waitForMail(site.dataDir, COMPANY, email);
    // Attached as what they now are, JPEGs, and listed in the mail's text under the same names (a PNG was named .png there, and attached as .jpg).
    for (const name of ['okno.jpg', 'slika-okvirja.jpg', 'pogled.jpg']) expect(notification).toContain(`Content-Disposition: attachment; filename=${name}`);
    expect(notification).toMatch(/^okno\.jpg\nslika-okvirja\.jpg\npogled\.jpg$/m);
    expect(notification).not.toMatch(/\.png|\.webp/);
    expect(notification).not.toMatch(/Content-Type: image\/(png|webp)/);
    expect(notification).toContain('Content-Type: image/jpeg');
    const confirmation = await waitForMail(site.dataDir, email);
    // The visitor is told how many arrived, never the file names: the sender chose them, and the
    // confirmation goes to whatever address the post named (issue 24, point 6).
    expect(confirmation).toMatch(/^Fotografije: 3$/m);
    for (const name of ['okno', 'slika-okvirja', 'pogled']) expect(confirmation).not.toContain(name);
    expect(confirmation).not.toContain('Content-Disposition: attachment');

    // Delivered: the outbox keeps neither the body nor the photos.
    await until(
      'the outbox has erased the photos',
      () => outbox((db) => (db.prepare('SELECT count(*) AS n FROM submission_photos').get() as { n: number }).n) === 0,
    );
  });

  /**
   * HEIC as iPhones take it (HEVC). No npm package encodes HEVC, and sharp's prebuilt libvips only
   * decodes AVIF: the photo is made with libheif's `heif-enc` (Debian: libheif-examples) where it is
   * installed; elsewhere this test is skipped and HEIC rests on heic-decode's own tests and the HEIF
   * brand check in tests/unit/photos-heic.test.ts.
   */
  const heifEnc = spawnSync('heif-enc', ['--list-encoders'], { encoding: 'utf8' });
  it.skipIf(heifEnc.status !== 0 || !heifEnc.stdout.includes('x265'))('decodes a HEIC photo (HEVC) and stores it as a JPEG of its colours', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'heic-'));
    try {
      writeFileSync(
        path.join(dir, 'in.jpg'),
        await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 110, b: 200 } } })
          .jpeg()
          .toBuffer(),
      );
      execFileSync('heif-enc', ['-q', '80', '-o', path.join(dir, 'IMG_0001.HEIC'), path.join(dir, 'in.jpg')]);
      const heic = readFileSync(path.join(dir, 'IMG_0001.HEIC'));
      expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
      const email = unique('heic');
      const content = `HEIC ${email}`;
      const res = await postMultipart('/sl/servis', serviceFields(email, content), [{ name: 'IMG_0001.HEIC', bytes: heic }]);
      expect(res.status).toBe(303);
      let stored: StoredPhotoRow[] = [];
      await until('the content API has the photo', () => (stored = photosOfSubmissionWith(content)).length === 1);
      expect(stored[0]!.name).toBe('IMG_0001.jpg');
      const { channels } = await sharp(stored[0]!.bytes).stats();
      expect((await sharp(stored[0]!.bytes).metadata()).format).toBe('jpeg');
      expect(channels.map((c) => Math.round(c.mean / 10))).toEqual([4, 11, 20]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'a text file named like a photo',
      async (): Promise<Photo> => ({ name: 'okno.jpg', bytes: Buffer.from('To ni fotografija, samo besedilo.\n'.repeat(50)) }),
    ],
    [
      'a corrupt JPEG (cut in half)',
      async (): Promise<Photo> => {
        const whole = await cameraJpeg();
        return { name: 'pokvarjena.jpg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) };
      },
    ],
    [
      'an SVG, which decodes but is no photo',
      async (): Promise<Photo> => ({ name: 'risba.jpg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') }),
    ],
  ])('refuses %s with a field error naming it, keeping every other value', async (_what, make) => {
    const email = unique('ni-slika');
    const fields = serviceFields(email, 'Vse ostalo je v redu');
    const bad = await make();
    const res = await postMultipart('/sl/servis', fields, [{ name: 'dobra.jpg', bytes: await smallJpeg() }, bad]);
    expect(res.status).toBe(400);
    const result = actionOf(res.text, 'service___sl');
    expect(result.errors).toEqual({ photos: 'form.photos.errors.notAnImage' });
    expect(result.photoRefused).toEqual({ name: bad.name, reason: 'notAnImage' });
    expect(result.values).toEqual(fields);
  });

  it('refuses a photo over the size of one, naming it', async () => {
    const res = await postMultipart('/sl/servis', serviceFields(unique('velika'), 'x'), [
      { name: 'ogromna.jpg', bytes: Buffer.alloc(PHOTO_LIMITS.bytesEach + 1, 7) },
    ]);
    expect(res.status).toBe(400);
    expect(actionOf(res.text, 'service___sl')).toMatchObject({
      errors: { photos: 'form.photos.errors.tooLarge' },
      photoRefused: { name: 'ogromna.jpg', reason: 'tooLarge' },
    });
  });

  it('refuses the photo that takes the total over the limit, naming it', async () => {
    const nine = Buffer.alloc(9 * 1024 * 1024, 1);
    const res = await postMultipart('/sl/servis', serviceFields(unique('skupaj'), 'x'), [
      { name: 'a.jpg', bytes: nine },
      { name: 'b.jpg', bytes: nine },
      { name: 'c.jpg', bytes: nine },
    ]);
    expect(res.status).toBe(400);
    expect(actionOf(res.text, 'service___sl')).toMatchObject({ photoRefused: { name: 'c.jpg', reason: 'totalTooLarge' } });
  });

  it('refuses more photos than the count, naming the first one too many', async () => {
    const photo = await smallJpeg();
    const photos = Array.from({ length: PHOTO_LIMITS.count + 2 }, (_, i) => ({ name: `slika-${i + 1}.jpg`, bytes: photo }));
    const res = await postMultipart('/sl/servis', serviceFields(unique('prevec'), 'x'), photos);
    expect(res.status).toBe(400);
    expect(actionOf(res.text, 'service___sl')).toMatchObject({ photoRefused: { name: `slika-${PHOTO_LIMITS.count + 1}.jpg`, reason: 'tooMany' } });
  });

  it('refuses a decompression bomb at once, and pages answer meanwhile', async () => {
    // 12,000 × 12,000 pixels (144 megapixels) in a file of a few kilobytes.
    const bomb = pngBomb(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 12_000, height: 12_000 });
    const started = Date.now();
    const [res, page] = await Promise.all([
      postMultipart('/sl/servis', serviceFields(unique('bomba'), 'x'), [{ name: 'bomba.png', bytes: bomb }]),
      request(site.server).get('/sl'),
    ]);
    expect(page.status).toBe(200);
    expect(res.status).toBe(400);
    expect(actionOf(res.text, 'service___sl')).toMatchObject({ photoRefused: { name: 'bomba.png', reason: 'notAnImage' } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a post over the limit with the 413 page in the layout, in the page language', async () => {
    for (const [url, locale] of [
      ['/sl/servis', 'sl'],
      ['/en/service', 'en'],
      ['/de/service', 'de'],
    ] as const) {
      const res = await postMultipart(url, serviceFields(unique('413'), 'x'), [
        { name: 'a.jpg', bytes: Buffer.alloc(PHOTO_LIMITS.bytesEach, 1) },
        { name: 'b.jpg', bytes: Buffer.alloc(PHOTO_LIMITS.bytesEach, 1) },
        { name: 'c.jpg', bytes: Buffer.alloc(PHOTO_LIMITS.bytesEach, 1) },
        { name: 'd.jpg', bytes: Buffer.alloc(MAX_POST_BYTES - 3 * PHOTO_LIMITS.bytesEach, 1) },
      ]);
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain(pageI18n(locale).t('error.413.title'));
      // The layout: the site's header with its navigation, not a bare error document.
      expect(res.text).toContain('<header');
    }
  });

  it('takes a request without photos as it always did, multipart or not', async () => {
    const email = unique('brez');
    const res = await postMultipart('/sl/servis', serviceFields(email, 'Brez fotografij'), [{ name: '', bytes: Buffer.alloc(0) }]);
    expect(res.status).toBe(303);
    await waitForMail(site.dataDir, COMPANY, email);
  });
});

describe('photos posted as the browser with JavaScript posts them (the payload URL)', () => {
  it('stores the inquiry with its photo and answers the thank-you redirect in the payload', async () => {
    const email = unique('js');
    const { proof } = await solvedGuard(site.url);
    const fields = { intent: 'send', step: '3', offerType: 'rolete', nameAndSurname: 'Ana Novak', email, message: `Okno ${email}`, terms: 'on', proof };
    const res = await postMultipart('/sl/povprasevanje/_payload.json', fields, [{ name: 'IMG_0042.JPG', bytes: await cameraJpeg() }]);
    expect(res.status).toBe(200);
    const payload = res.body as PagePayload;
    expect(payload.redirect).toBe('/sl/povprasevanje?sent=1');
    const notification = await waitForMail(site.dataDir, COMPANY, email);
    expect(notification).toContain('filename=IMG_0042.JPG');
  });

  it('answers a refused photo as the field error in the payload', async () => {
    const fields = serviceFields(unique('js-ne'), 'x');
    const res = await postMultipart('/sl/servis/_payload.json', fields, [{ name: 'racun.pdf', bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n') }]);
    const payload = res.body as PagePayload;
    expect(payload.status).toBe(400);
    expect(payload.actionData?.['service___sl']).toMatchObject({
      errors: { photos: 'form.photos.errors.notAnImage' },
      photoRefused: { name: 'racun.pdf', reason: 'notAnImage' },
    });
  });

  it('answers a post over the limit with 413, which the router shows as its error page', async () => {
    const res = await request(site.server)
      .post('/sl/servis/_payload.json')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(MAX_POST_BYTES + 1))
      .send(Buffer.alloc(MAX_POST_BYTES + 1, 0x2d));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).not.toContain('json');
    expect(res.text).toContain(pageI18n('sl').t('error.413.title'));
  });
});

describe('thumbnails of a visitor’s own photos in the profile', () => {
  /** A verified account, signed in: its session cookie. */
  async function signedIn(email: string): Promise<string> {
    const password = 'dolgo-geslo-123';
    await registerVerified(site, { email, password });
    return signIn(site, email, password);
  }

  it('shows them to the owner’s session only; nobody else can fetch them', async () => {
    const email = unique('profil-foto');
    const owner = await signedIn(email);
    const content = `Fotografije v profilu ${email}`;
    // Posted while signed in: only then is the submission the account's (its grant confirms the address).
    const sent = await postMultipart(
      '/sl/servis',
      serviceFields(email, content),
      [
        { name: 'okno.jpg', bytes: await cameraJpeg() },
        { name: 'okvir.png', bytes: await png() },
      ],
      owner,
    );
    expect(sent.status).toBe(303);
    await until('the content API has the photos', () => photosOfSubmissionWith(content).length === 2);
    const id = cms((db) => db.prepare("SELECT id FROM submissions WHERE json_extract(data, '$.content') = ?").pluck().get(content)) as string;

    const profile = await request(site.server).get('/sl/user/profile').set('Cookie', owner);
    expect(profile.status).toBe(200);
    expect(profile.text).toContain(`<img src="/api/account/photos/${id}/0" alt="okno.jpg"`);
    expect(profile.text).toContain(`<img src="/api/account/photos/${id}/1" alt="okvir.jpg"`);
    expect(profile.text).toContain(pageI18n('sl').t('account.profile.submissions.photos'));

    const thumbnail = await request(site.server).get(`/api/account/photos/${id}/1`).set('Cookie', owner);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(thumbnail.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 192, 192]);

    // Not signed in, another account, a photo that is not there, a made-up id: the same 404.
    const stranger = await signedIn(unique('tujec'));
    for (const [path, cookie] of [
      [`/api/account/photos/${id}/0`, ''],
      [`/api/account/photos/${id}/0`, stranger],
      [`/api/account/photos/${id}/2`, owner],
      [`/api/account/photos/00000000-0000-4000-8000-000000000000/0`, owner],
      [`/api/account/photos/${id}/x`, owner],
    ] as const) {
      const res = await request(site.server).get(path).set('Cookie', cookie);
      expect(res.status, `${path} with ${cookie ? 'a session' : 'no session'}`).toBe(404);
      expect(res.headers['content-type']).not.toContain('image');
    }
  });
});
