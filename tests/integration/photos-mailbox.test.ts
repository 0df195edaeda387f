import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import type { PublicFormResult } from '../../shared/page-data';
import { reencode } from '../../server/site/photos/prepare';
import { until } from '../support/until';
import { startTestSite, waitForMail } from './helpers';
import { personsFields } from '../support/form-guard';

/**
 * The company's mailbox stays usable (issue 24, point 5): a submission's photos go with the
 * notification as attachments only up to MAIL_ATTACHMENTS_MAX_MB together; above, the mail carries a
 * link per photo, whose token opens that photo through the site and nothing else. And one client may
 * send at most PHOTO_LIMIT_MB of (stored) photos an hour: past it, its photos are refused with a field
 * error, and its form can still be sent without them.
 */

const COMPANY = 'info@sencila-zorko.si';
let site: Awaited<ReturnType<typeof startTestSite>>;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'photos-mailbox-'));
  // Attachments up to 20 kB together, and a megabyte of photos an hour per client.
  site = await startTestSite({ MAIL_ATTACHMENTS_MAX_MB: String(20 / 1024), PHOTO_LIMIT_MB: '1', FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const serviceFields = (email: string, content: string) => ({
  phone: '041 333 444',
  email,
  content,
  terms: 'on',
  streetAddress: 'Gozdna pot 7',
  postalCode: '2380',
  town: 'Slovenj Gradec',
});

/** A photo of fine detail (noise): what re-encodes large. */
const detailed = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();

function post(fields: Record<string, string>, photos: { name: string; bytes: Buffer }[]) {
  let req = request(site.server).post('/sl/servis').set('Sec-Fetch-Site', 'same-origin');
  for (const [name, value] of Object.entries({ ...personsFields(), ...fields })) req = req.field(name, value);
  for (const photo of photos) req = req.attach('photos', photo.bytes, photo.name);
  return req;
}

const actionOf = (html: string) => {
  const data = JSON.parse(new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)![1]!) as DocumentData;
  return data.hydration.actionData?.service___sl as PublicFormResult;
};

const storedBytes = (content: string) => {
  const db = new Database(path.join(site.dataDir, 'cms.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.bytes FROM submission_photos p JOIN submissions s ON s.id = p.submission_id WHERE json_extract(s.data, '$.content') = ? ORDER BY p.position`,
      )
      .all(content)
      .map((row) => (row as { bytes: Buffer }).bytes);
  } finally {
    db.close();
  }
};

describe('photos too large together to attach', () => {
  it('are linked from the company’s mail, each by a token that opens it through the site, uncached', async () => {
    const email = unique('povezave');
    const content = `Povezave ${email}`;
    const photos = [
      { name: 'okno čez.jpg', bytes: await detailed(400, 300, 10) },
      { name: 'okvir.jpg', bytes: await detailed(400, 300, 200) },
    ];
    expect((await post(serviceFields(email, content), photos)).status).toBe(303);
    const notification = await waitForMail(site.dataDir, COMPANY, email);
    expect(notification).not.toContain('Content-Disposition: attachment');
    expect(notification).toContain('Fotografije (povezave, prevelike za prilogo');
    const links = [...notification.matchAll(/http:\/\/localhost:\d+(\/api\/submission-photos\/[A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(2);
    // The visitor's confirmation names the photos and links none.
    expect(await waitForMail(site.dataDir, email)).not.toContain('/api/submission-photos/');

    await until('the content API has the photos', () => storedBytes(content).length === 2);
    const stored = storedBytes(content);
    for (const [i, link] of links.entries()) {
      const res = await request(site.server)
        .get(link)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-disposition']).toContain(i === 0 ? 'okno' : 'okvir.jpg');
      expect(Buffer.compare(res.body as Buffer, stored[i]!)).toBe(0);
    }
  });

  it('answer every other token, well formed or not, with the same 404', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', `${'A'.repeat(42)}%2F`]) {
      const res = await request(site.server).get(`/api/submission-photos/${token}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found' });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe("a client's hour of photos", () => {
  it('takes photos while they fit, then refuses them with a field error; the form still goes without them', async () => {
    // A photo that is stored at more than a third of the megabyte and less than all of it.
    const bytes = await detailed(1100, 800, 60);
    const file = path.join(dir, 'measure.jpg');
    writeFileSync(file, bytes);
    const size = (await reencode(file)).length;
    expect(size).toBeGreaterThan(1024 * 1024 * 0.35);
    expect(size).toBeLessThan(1024 * 1024 * 0.5);

    // The first post's photo fits, with the links test's few kilobytes before it.
    const first = unique('proracun');
    expect((await post(serviceFields(first, `Prva ${first}`), [{ name: 'prva.jpg', bytes }])).status).toBe(303);

    // Two more do not: refused, named, and every value kept.
    const second = unique('proracun');
    const fields = serviceFields(second, `Druga ${second}`);
    const refused = await post(fields, [
      { name: 'druga.jpg', bytes },
      { name: 'tretja.jpg', bytes },
    ]);
    expect(refused.status).toBe(429);
    const result = actionOf(refused.text);
    expect(result.errors).toEqual({ photos: 'form.photos.errors.overBudget' });
    expect(result.photoRefused).toEqual({ name: 'druga.jpg', reason: 'overBudget' });
    expect(result.values).toEqual(fields);
    expect(refused.text).toContain('v zadnji uri ste poslali že veliko fotografij');

    // The hour is spent: even one more small photo is refused, before it is decoded.
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    expect((await post(serviceFields(unique('proracun'), 'Še ena'), [{ name: 'majhna.jpg', bytes: small }])).status).toBe(429);

    // The same request without photos is taken.
    expect((await post(fields, [])).status).toBe(303);
  });
});
