import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, waitForMail } from './helpers';
import { personsFields } from '../support/form-guard';

/**
 * The profile page lists the signed-in visitor's inquiries and service requests, through the BFF and
 * the content API's `GET account/submissions`. Submissions are written into the content database
 * directly: how they get there is cms-forms.test.ts's business; this is about what the visitor sees.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
let db: Database.Database;
beforeAll(async () => {
  site = await startTestSite();
  db = new Database(join(site.dataDir, 'cms.sqlite'));
});
afterAll(async () => {
  db?.close();
  await site?.stop();
});

const post = (path: string, form: Record<string, string>, cookie = '') =>
  request(site.server)
    .post(path)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .type('form')
    .send({ ...personsFields(), ...form });

function addSubmission(email: string, kind: 'inquiry' | 'service', data: Record<string, unknown>, createdAt: string, status = 'new'): void {
  // Confirmed for the address, as a post by the signed-in owner is (account-hardening.test.ts covers which are).
  db.prepare(
    'INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, status, created_at, email_confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(randomUUID(), `${kind}:id:${randomUUID()}`, kind, 'sl', JSON.stringify(data), email, status, createdAt, createdAt);
}

describe('the profile’s submissions', () => {
  it('lists the visitor’s own, newest first, with what they asked for and how far it has got', async () => {
    const email = `profil.${Date.now()}@example.com`;
    const password = 'dolgo-geslo-123';
    await post('/sl/register', { name: 'Ana Novak', email, password, website: '' });
    const token = /\/sl\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(site.dataDir, email, '/sl/verify-email?token='))?.[1];
    await post('/sl/verify-email', { token: token! });
    const session = String((await post('/sl/login', { email, password })).headers['set-cookie']).split(';')[0]!;

    const empty = await request(site.server).get('/sl/user/profile').set('Cookie', session);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('S tem e-naslovom še niste poslali nobenega povpraševanja ali zahteve za servis.');
    expect(empty.text).toContain('href="/sl/povprasevanje"');

    addSubmission(email, 'inquiry', { offerType: 'tende' }, '2026-03-02T09:15:00.000Z', 'contacted');
    addSubmission(email, 'service', { phone: '041 222 333' }, '2026-04-20T22:30:00.000Z', 'closed');
    addSubmission(`drugi.${Date.now()}@example.com`, 'inquiry', { offerType: 'pergola' }, '2026-05-01T10:00:00.000Z');

    const page = await request(site.server).get('/sl/user/profile').set('Cookie', session);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const rows = [
      ...page.text.matchAll(/<tr><td><time dateTime="([^"]+)">([^<]+)<\/time><\/td><td>([^<]+)<\/td><td><span class="([^"]+)">([^<]+)<\/span><\/td><\/tr>/g),
    ].map((m) => m.slice(1));
    expect(rows).toEqual([
      // 22:30 UTC is the next day at the company (Ljubljana): the day it arrived there.
      ['2026-04-20T22:30:00.000Z', '21. apr. 2026', 'Zahteva za servis', 'submissions__status submissions__status--closed', 'Zaključeno'],
      ['2026-03-02T09:15:00.000Z', '2. mar. 2026', 'Povpraševanje – Tende', 'submissions__status submissions__status--contacted', 'V obdelavi'],
    ]);

    const en = await request(site.server).get('/en/user/profile').set('Cookie', session);
    expect(en.text).toContain('Inquiry – Awnings');
    expect(en.text).toContain('In progress');
  });
});
