import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBefore } from '../../server/lib/calendar';
import { collectingLogger } from '../support/log-lines';
import { until } from '../support/until';
import { postForm, registerVerified as registerAccount, signIn as signInAs } from '../support/visitor';
import { startTestSite } from './helpers';
import { personsFields } from '../support/form-guard';

/**
 * A visitor's data rights through the site and the real content API: the download of their data,
 * deleting the account, and the retention periods housekeeping applies (at the content API's start,
 * as every hour). Submissions and a subscription are written into the content database directly: how
 * they get there is other tests' business; this is about what happens to them.
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

const post = (path: string, form: Record<string, string>, cookie = '') => postForm(site, path, { ...personsFields(), ...form }, cookie);

const password = 'dolgo-geslo-123';
const registerVerified = (email: string, name: string) => registerAccount(site, { email, password, name });
const signIn = (email: string) => signInAs(site, email, password);

/** `confirmed`: posted while signed in as the account of its address (its grant spent), which alone makes it the account's. */
function addSubmission(
  email: string | null,
  data: Record<string, unknown>,
  at: string,
  { kind = 'inquiry', confirmed = false }: { kind?: 'inquiry' | 'service'; confirmed?: boolean } = {},
): string {
  const id = randomUUID();
  db.prepare(
    'INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, email_confirmed_at, created_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(id, `${kind}:id:${id}`, kind, 'sl', JSON.stringify(data), email, confirmed ? at : null, at, at);
  return id;
}

const submission = (id: string) =>
  db
    .prepare<[string], { email: string | null; data: string; from_account: number; anonymised_at: string | null }>(
      'SELECT email, data, from_account, anonymised_at FROM submissions WHERE id = ?',
    )
    .get(id);

describe('the download of a visitor’s data', () => {
  const email = `izvoz.${Date.now()}@example.com`;
  let session = '';
  let own = '';
  let others = '';
  let unsigned = '';

  beforeAll(async () => {
    await registerVerified(email, 'Ana Novak');
    session = await signIn(email);
    own = addSubmission(
      email,
      { offerType: 'tende', nameAndSurname: 'Ana Novak', email, message: 'Prosim za ponudbo.', terms: true },
      '2026-03-02T09:15:00.000Z',
      { confirmed: true },
    );
    others = addSubmission(`tuj.${Date.now()}@example.com`, { offerType: 'pergola', email: 'tuj@example.com' }, '2026-04-01T10:00:00.000Z', {
      confirmed: true,
    });
    // Sent under her address without signing in (before she registered, or by whoever typed it): what the
    // company holds under her address, so hers to see, but marked as never sent from the account (decision 0044).
    unsigned = addSubmission(
      email,
      { offerType: 'rolete', nameAndSurname: 'Ana Novak', email, message: 'Poslano pred registracijo.' },
      '2026-01-10T10:00:00.000Z',
    );
    db.prepare(`INSERT INTO newsletter_subscriptions (id, email, locale, consent_at, created_at, confirmed_at) VALUES (?, ?, 'sl', ?, ?, ?)`).run(
      randomUUID(),
      email,
      '2026-05-05T08:00:00.000Z',
      '2026-05-05T08:00:00.000Z',
      '2026-05-05T08:20:00.000Z',
    );
  });

  it('needs a session: without one (or with one that ended) the visitor is sent to the login', async () => {
    const none = await request(site.server).get('/sl/user/data.json');
    expect(none.status).toBe(303);
    expect(none.headers.location).toBe('/sl/login');
    expect(none.text).not.toContain(email);
    const forged = await request(site.server)
      .get('/en/user/data.json')
      .set('Cookie', `sid=${'x'.repeat(43)}`);
    expect(forged.status).toBe(303);
    expect(forged.headers.location).toBe('/en/login');
    expect(String(forged.headers['set-cookie'])).toMatch(/^sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly/);
  });

  it('is a private attachment with the account, its submissions, its subscription and the moments of consent', async () => {
    const res = await request(site.server).get('/sl/user/data.json').set('Cookie', session);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename=moji-podatki-${today}.json`);
    const data = JSON.parse(res.text);
    expect(data.account).toMatchObject({ email, name: 'Ana Novak', locale: 'sl' });
    expect(Date.parse(data.account.registeredAt)).toBeLessThanOrEqual(Date.parse(data.account.verifiedAt));
    expect(data.sessions).toHaveLength(1);
    expect(data.submissions.map((s: { id: string }) => s.id)).toEqual([own, unsigned]);
    expect(data.submissions[0]).toMatchObject({
      kind: 'inquiry',
      status: 'received',
      receivedAt: '2026-03-02T09:15:00.000Z',
      lastActivityAt: '2026-03-02T09:15:00.000Z',
      data: { offerType: 'tende', message: 'Prosim za ponudbo.', terms: true },
      sentSignedIn: true,
    });
    expect(data.submissions[1]).toMatchObject({ receivedAt: '2026-01-10T10:00:00.000Z', data: { message: 'Poslano pred registracijo.' }, sentSignedIn: false });
    expect(res.text).not.toContain(others);
    expect(data.newsletter).toEqual({
      email,
      locale: 'sl',
      signedUpAt: '2026-05-05T08:00:00.000Z',
      consentAt: '2026-05-05T08:00:00.000Z',
      confirmedAt: '2026-05-05T08:20:00.000Z',
      unsubscribedAt: null,
    });
    expect(data.retention).toEqual({ submissionMonths: 24, unconfirmedDays: 30 });
    // Never the password's hash, nor a session's token.
    expect(res.text).not.toMatch(/scrypt|password|token/i);

    const en = await request(site.server).get('/en/user/data.json').set('Cookie', session);
    expect(en.headers['content-disposition']).toBe(`attachment; filename=my-data-${today}.json`);
  });

  it('matches the profile: both listed there, the one sent without signing in marked so, in every language', async () => {
    for (const [locale, mark] of [
      ['sl', 'poslano brez prijave'],
      ['en', 'sent without signing in'],
      ['de', 'ohne Anmeldung gesendet'],
    ] as const) {
      const profile = await request(site.server).get(`/${locale}/user/profile`).set('Cookie', session);
      const rows = [...profile.text.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => row[1]!).filter((row) => row.includes('<time'));
      expect(rows.map((row) => /dateTime="([^"]+)"/.exec(row)![1])).toEqual(['2026-03-02T09:15:00.000Z', '2026-01-10T10:00:00.000Z']);
      expect(rows[0]).not.toContain(mark);
      expect(rows[1]).toContain(`class="submissions__unsigned">${mark}<`);
    }
  });

  it('never lists another address’s submissions, nor any for an address not verified', async () => {
    const unverified = `neprevejen.${Date.now()}@example.com`;
    addSubmission(unverified, { offerType: 'pergola', email: unverified, message: 'Pred registracijo.' }, '2026-02-01T10:00:00.000Z');
    await post('/sl/register', { name: 'Neprevejen', email: unverified, password });
    // The account exists, but nobody has shown the inbox is theirs: it cannot sign in, so nothing of the address is shown.
    expect((await post('/sl/login', { email: unverified, password })).text).toContain('form-message--error');
    const profile = await request(site.server).get('/sl/user/profile').set('Cookie', session);
    expect(profile.text).not.toContain(others);
    expect(profile.text).not.toContain('Pred registracijo');
  });

  it('is offered on the profile page, with the way to delete the account', async () => {
    const profile = await request(site.server).get('/de/user/profile').set('Cookie', session);
    expect(profile.text).toContain('href="/de/user/data.json"');
    expect(profile.text).toContain('Meine Daten herunterladen (JSON)');
    expect(profile.text).toContain('href="/de/user/delete"');
  });
});

describe('deleting an account', () => {
  const email = `izbris.${Date.now()}@example.com`;
  let session = '';
  let other = '';
  let kept = '';
  let strangers = '';

  beforeAll(async () => {
    await registerVerified(email, 'Bojan Kralj');
    session = await signIn(email);
    other = await signIn(email);
    kept = addSubmission(email, { phone: '041 222 333', content: 'Roleta se ne dviga.', email, installationYear: 2019 }, new Date().toISOString(), {
      kind: 'service',
      confirmed: true,
    });
    strangers = addSubmission(email, { phone: '040 000 000', content: 'Ni njegov.', email }, new Date().toISOString(), { kind: 'service' });
    db.prepare(`INSERT INTO newsletter_subscriptions (id, email, locale, consent_at, created_at) VALUES (?, ?, 'sl', ?, ?)`).run(
      randomUUID(),
      email,
      '2026-05-05T08:00:00.000Z',
      '2026-05-05T08:00:00.000Z',
    );
  });

  it('needs a session, and says what will happen before it happens', async () => {
    const none = await request(site.server).get('/sl/user/delete');
    expect(none.status).toBe(302);
    expect(none.headers.location).toBe('/sl/login');
    const page = await request(site.server).get('/sl/user/delete').set('Cookie', session);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('name="password"');
    expect(page.text).toContain('24 mesecev po zadnjem stiku');
  });

  it('refuses a wrong password and changes nothing', async () => {
    const wrong = await post('/sl/user/delete', { intent: 'delete', password: 'napacno-geslo-1' }, session);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Geslo ni pravilno.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await request(site.server).get('/sl/user/profile').set('Cookie', session)).status).toBe(200);
    expect(db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(email)).toBe(1);
  });

  it('with the password: every session ends, personal data is erased, submissions wait for their period', async () => {
    const done = await post('/sl/user/delete', { intent: 'delete', password }, session);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/sl/user/delete?deleted=1');
    expect(String(done.headers['set-cookie'])).toMatch(/^sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly/);

    const confirmation = await request(site.server).get('/sl/user/delete?deleted=1');
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain('Vaš račun je izbrisan in odjavljeni ste.');

    for (const cookie of [session, other]) {
      expect((await request(site.server).get('/sl/user/profile').set('Cookie', cookie)).status).toBe(302);
      expect((await request(site.server).get('/sl/user/data.json').set('Cookie', cookie)).status).toBe(303);
    }
    const login = await post('/sl/login', { email, password });
    expect(login.status).toBe(400);

    expect(db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(email)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(
      db.prepare('SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id').pluck().get(),
    );
    expect(db.prepare('SELECT count(*) FROM newsletter_subscriptions WHERE email = ?').pluck().get(email)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM outgoing_mail WHERE recipient = ?').pluck().get(email)).toBe(0);
    // The company still deals with the request; it is anonymised, not erased, when its period ends.
    expect(submission(kept)).toMatchObject({ email, from_account: 1, anonymised_at: null });
    // One the account never confirmed stays a visitor's: erased, not anonymised, when its period ends.
    expect(submission(strangers)).toMatchObject({ email, from_account: 0, anonymised_at: null });
  });
});

describe('the privacy policy', () => {
  const settings = JSON.parse(readFileSync(join(process.cwd(), 'content', 'settings.json'), 'utf8')) as Record<string, unknown>;
  const policies = {
    sl: { path: '/sl/stran/politika-zasebnosti', periods: ['24 mesecev po zadnjem stiku', '30 dni po registraciji'], footer: 'v nogi te spletne strani' },
    en: {
      path: '/en/page/privacy-policy',
      periods: ['24 months after your last contact', '30 days after registration'],
      footer: 'in the footer of this website',
    },
    de: {
      path: '/de/seite/datenschutzbestimmungen',
      periods: ['24 Monate nach Ihrem letzten Kontakt', '30 Tage nach der Registrierung'],
      footer: 'in der Fußzeile dieser Website',
    },
  };

  it('names the controller and states the retention periods from the settings, in every language', async () => {
    expect(settings).toMatchObject({ retention_submission_months: 24, retention_unconfirmed_days: 30 });
    for (const [locale, policy] of Object.entries(policies)) {
      const page = await request(site.server).get(policy.path);
      expect(page.status, locale).toBe(200);
      const text = page.text.replace(/<!-- -->/g, '');
      for (const key of ['company_legal_name', 'street_address', 'postal_code', 'town', 'company_vat_id'])
        expect(text, `${locale} ${key}`).toContain(String(settings[key]));
      expect(text, locale).toContain(`href="mailto:${String(settings.company_email)}"`);
      for (const period of policy.periods) expect(text, locale).toContain(period);
      expect(text, locale).not.toContain(policy.footer);
    }
  });
});

describe('housekeeping applies the retention periods', () => {
  it('anonymises an account’s old submissions, erases a visitor’s and accounts never verified, and logs counts only', async () => {
    const stamp = Date.now();
    const account = `star.racun.${stamp}@example.com`;
    await registerVerified(account, 'Cvetka Zupan');
    const expired = monthsBefore(new Date(), 25).toISOString();
    const ofAccount = addSubmission(
      account,
      { offerType: 'pergola', width: 400, nameAndSurname: 'Cvetka Zupan', email: account, message: 'Kličite zvečer.' },
      expired,
      { confirmed: true },
    );
    // Her address, typed by someone not signed in: a visitor's submission, erased.
    const inHerName = addSubmission(account, { offerType: 'tende', nameAndSurname: 'Nekdo Drug', email: account }, expired);
    const ofVisitor = addSubmission(`gost.${stamp}@example.com`, { offerType: 'tende', nameAndSurname: 'Gost Gostič' }, expired);
    const recent = addSubmission(`nov.${stamp}@example.com`, { offerType: 'tende' }, new Date().toISOString());
    const unverified = `nepotrjen.${stamp}@example.com`;
    await post('/sl/register', { name: 'Nepotrjen', email: unverified, password, website: '' });
    await until('the unverified account is stored', () => db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(unverified) === 1);
    db.prepare('UPDATE users SET created_at = ? WHERE email = ?').run(new Date(Date.now() - 31 * 86_400_000).toISOString(), unverified);

    // Housekeeping runs when the content API starts: a restart on the same data is the next run.
    const dataDir = site.dataDir;
    db.close();
    await site.close();
    const { logger, lines } = collectingLogger('info');
    site = await startTestSite({ DATA_DIR: dataDir }, logger);
    const previousStop = site.stop;
    site.stop = async () => {
      await previousStop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    db = new Database(join(dataDir, 'cms.sqlite'));

    const anonymised = submission(ofAccount)!;
    expect(anonymised.email).toBeNull();
    expect(JSON.parse(anonymised.data)).toEqual({ offerType: 'pergola', width: 400 });
    expect(submission(ofVisitor)).toBeUndefined();
    expect(submission(inHerName)).toBeUndefined();
    expect(submission(recent)).toBeDefined();
    expect(db.prepare('SELECT count(*) FROM users WHERE email = ?').pluck().get(unverified)).toBe(0);

    const line = lines.find((l) => l.msg === 'cms housekeeping');
    expect(line).toMatchObject({ submissionsAnonymised: 1, submissionsErased: 2, unverifiedAccounts: 1 });
    const logged = JSON.stringify(lines);
    for (const secret of [account, unverified, 'Cvetka', 'Gost Gostič', ofAccount, ofVisitor]) expect(logged).not.toContain(secret);
  });
});
