import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/cms/accounts/passwords';
import { readEml, type Eml } from '../support/eml';
import { until } from '../support/until';
import { startTestSite, waitForMail } from './helpers';
import { personsFields } from '../support/form-guard';

/**
 * The newsletter's consent over real HTTP, the site and its built-in content API together: a signup
 * subscribes no one until the owner of the address presses the button on the page its link opens;
 * links work once and only for what they were made for; one mail an hour; the same answer for every
 * address; the one-click unsubscribe from a mail program (no cookie, no origin, no page before it); the
 * profile's switch; and a signed-in visitor's address in the forms and the footer.
 */

const ORIGIN = 'https://www.sencila.test';
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite({ PUBLIC_URL: ORIGIN, FORM_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => site?.stop());

/** A post as the browser sends it from one of the site's pages, without JavaScript. */
const post = (url: string, form: Record<string, string>, cookie = '') =>
  request(site.server)
    .post(url)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .type('form')
    .send({ ...personsFields(), ...form });
const get = (url: string, cookie = '') => request(site.server).get(url).set('Cookie', cookie);

/** The content API's database, written by its process; read (and, for a test's account, written) here. */
function cms<T>(use: (db: Database.Database) => T): T {
  const db = new Database(path.join(site.dataDir, 'cms.sqlite'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

type Row = { confirmed_at: string | null; unsubscribed_at: string | null } | undefined;
const subscription = (email: string) =>
  cms((db) => db.prepare('SELECT confirmed_at, unsubscribed_at FROM newsletter_subscriptions WHERE email = ?').get(email)) as Row;
const mailsTo = (email: string, template: string) =>
  cms((db) => db.prepare('SELECT count(*) FROM outgoing_mail WHERE recipient = ? AND template = ?').pluck().get(email, template)) as number;
const requestsOf = (email: string) =>
  cms((db) =>
    db.prepare('SELECT count(*) FROM newsletter_requests r JOIN newsletter_subscriptions s ON s.id = r.subscription_id WHERE s.email = ?').pluck().get(email),
  ) as number;

/** The newest .eml to an address containing a text, parsed with its headers. */
async function mailWith(email: string, containing: string): Promise<Eml> {
  await waitForMail(site.dataDir, email, containing);
  const dir = path.join(site.dataDir, 'mail');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = readEml(path.join(dir, file));
    if (mail.to === email && mail.text.includes(containing)) return mail;
  }
  throw new Error(`no mail to ${email} with ${containing}`);
}

const tokenIn = (text: string, route: string) => new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(text)![1]!;
const unique = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A signup from the footer or the newsletter page, without JavaScript, delivered to the content API. */
async function signup(email: string, locale: 'sl' | 'en' | 'de' = 'sl', cookie = '') {
  const before = requestsOf(email);
  const page = { sl: '/sl/e-novice', en: '/en/newsletter', de: '/de/newsletter' }[locale];
  const res = await post(page, { email, consent: 'on', website: '' }, cookie);
  await until('the outbox delivered the signup', () => requestsOf(email) > before);
  return res;
}

describe('double opt-in', () => {
  it('mails a link whose page subscribes only when its button is pressed, and works once', async () => {
    const email = unique('ana');
    const res = await signup(email);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/e-novice?sent=1');
    const mail = await mailWith(email, '/sl/e-novice/potrditev?token=');
    expect(mail.text).toContain(`${ORIGIN}/sl/e-novice/potrditev?token=`);
    expect(mail.text).toContain('7 dni');
    const token = tokenIn(mail.text, '/sl/e-novice/potrditev');
    expect(subscription(email)).toEqual({ confirmed_at: null, unsubscribed_at: null });

    // A mail scanner following the link changes nothing; the page is the visitor's alone.
    const page = await get(`/sl/e-novice/potrditev?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('Potrdi prijavo');
    expect(page.text).toContain('<meta name="robots" content="noindex');
    expect(page.text).not.toContain(email);
    expect(subscription(email)!.confirmed_at).toBeNull();

    const confirmed = await post(`/sl/e-novice/potrditev?token=${token}`, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Prijava je potrjena');
    expect(subscription(email)!.confirmed_at).not.toBeNull();
    // The link used again (a second click, a mail program's preview): already confirmed, said kindly; nothing more is sent.
    const welcomes = () =>
      cms((db) => db.prepare("SELECT count(*) FROM outgoing_mail WHERE recipient = ? AND template = 'newsletter_welcome'").pluck().get(email));
    expect(welcomes()).toBe(1);
    const again = await post(`/sl/e-novice/potrditev?token=${token}`, { token });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Prijava na e-novice je že potrjena');
    expect(again.text).not.toContain('form-message--error');
    expect(again.text).not.toContain(email);
    expect(welcomes()).toBe(1);
  });

  it('answers a second signup before confirming like the first, with no second mail within the hour', async () => {
    const email = unique('bojan');
    const first = await signup(email, 'en');
    const second = await signup(email, 'en');
    expect([second.status, second.headers.location]).toEqual([first.status, first.headers.location]);
    await mailWith(email, '/en/newsletter/confirm?token=');
    expect(mailsTo(email, 'newsletter_confirm')).toBe(1);
    // An hour later, one more.
    cms((db) =>
      db
        .prepare(
          "UPDATE newsletter_tokens SET created_at = '2026-01-01T00:00:00.000Z' WHERE subscription_id = (SELECT id FROM newsletter_subscriptions WHERE email = ?)",
        )
        .run(email),
    );
    cms((db) => db.prepare("UPDATE outgoing_mail SET created_at = '2026-01-01T00:00:00.000Z' WHERE recipient = ?").run(email));
    await signup(email, 'en');
    expect(mailsTo(email, 'newsletter_confirm')).toBe(2);
  });

  it('gives the same answer for a subscribed, a waiting and an unknown address', async () => {
    const subscribed = unique('cilka');
    await signup(subscribed);
    const token = tokenIn((await mailWith(subscribed, 'potrditev?token=')).text, '/sl/e-novice/potrditev');
    await post(`/sl/e-novice/potrditev?token=${token}`, { token });
    const waiting = unique('danijel');
    await signup(waiting);

    const answers = await Promise.all([subscribed, waiting, unique('ema')].map((email) => signup(email)));
    for (const res of answers)
      expect({ status: res.status, location: res.headers.location, body: res.text }).toEqual({
        status: 303,
        location: '/sl/e-novice?sent=1',
        body: answers[0]!.text,
      });
    const thanks = [await get('/sl/e-novice?sent=1'), await get('/sl/e-novice?sent=1')];
    expect(thanks[0]!.text).toContain('Preverite svoj e-poštni predal');
    // The subscribed address is not mailed again.
    expect(mailsTo(subscribed, 'newsletter_confirm')).toBe(1);
    expect(subscription(subscribed)).toMatchObject({ unsubscribed_at: null });
    expect(subscription(subscribed)!.confirmed_at).not.toBeNull();
  });

  it('refuses a malformed and an unknown token alike, and a link without one', async () => {
    const bad = await post('/en/newsletter/confirm?token=nope', { token: 'nope' });
    const unknown = await post(`/en/newsletter/confirm?token=${'x'.repeat(43)}`, { token: 'x'.repeat(43) });
    expect(bad.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('This link is invalid or has expired.');
    const page = await get('/en/newsletter/confirm');
    expect(page.text).toContain('This link is invalid or has expired.');
  });
});

describe('the forms’ marketing opt-out', () => {
  it('keeps its meaning: an inquiry or service request never subscribes its address, ticked or not', async () => {
    const email = unique('hana');
    const service = {
      phone: '041 222 333',
      content: 'Roleta se ne spusti do konca.',
      terms: 'on',
      email,
      streetAddress: 'Gozdna pot 7',
      postalCode: '2380',
      town: 'Slovenj Gradec',
      website: '',
    };
    expect((await post('/sl/servis', service)).status).toBe(303);
    expect((await post('/sl/servis', { ...service, content: 'Še ena zahteva.', marketingOptOut: 'on' })).status).toBe(303);
    await until(
      'both requests reached the content API',
      () => (cms((db) => db.prepare('SELECT count(*) FROM submissions WHERE email = ?').pluck().get(email)) as number) === 2,
    );
    expect(subscription(email)).toBeUndefined();
    expect(mailsTo(email, 'newsletter_confirm')).toBe(0);
  });
});

describe('unsubscribe', () => {
  async function subscriber(locale: 'sl' | 'en' | 'de' = 'en'): Promise<{ email: string; welcome: Eml }> {
    const email = unique('franc');
    await signup(email, locale);
    const confirm = { sl: '/sl/e-novice/potrditev', en: '/en/newsletter/confirm', de: '/de/newsletter/bestaetigen' }[locale];
    const token = tokenIn((await mailWith(email, `${confirm}?token=`)).text, confirm);
    await post(`${confirm}?token=${token}`, { token });
    const unsubscribe = { sl: '/sl/e-novice/odjava', en: '/en/newsletter/unsubscribe', de: '/de/newsletter/abmelden' }[locale];
    return { email, welcome: await mailWith(email, `${unsubscribe}?token=`) };
  }

  it('puts List-Unsubscribe (https and mailto), List-Unsubscribe-Post and a visible link in the welcome', async () => {
    for (const locale of ['sl', 'en', 'de'] as const) {
      const { welcome } = await subscriber(locale);
      const link = /https:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(welcome.text)![0];
      expect(link.startsWith(`${ORIGIN}/${locale}/`)).toBe(true);
      expect(welcome.headers['list-unsubscribe']).toBe(`<${link}>, <mailto:info@sencila-zorko.si?subject=unsubscribe>`);
      expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // No more "reply to unsubscribe".
      expect(welcome.text).not.toMatch(/reply to this email|odgovorite na to sporočilo|antworten Sie/i);
    }
  });

  it('takes a mail program’s one-click POST: no cookie, no origin, not counted as a form, never cached', async () => {
    const { email, welcome } = await subscriber();
    const link = new URL(/https:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(welcome.text)![0]);
    const oneClick = () =>
      request(site.server)
        .post(link.pathname + link.search)
        .type('form')
        .send('List-Unsubscribe=One-Click');
    const res = await oneClick();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.ratelimit).toBeUndefined();
    expect(subscription(email)!.unsubscribed_at).not.toBeNull();
    // Posted twice (mail programs retry): the same answer, nothing more.
    expect((await oneClick()).status).toBe(200);
    // RFC 8058 prefers multipart/form-data: the token is in the address either way.
    const other = await subscriber();
    const otherLink = new URL(/https:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(other.welcome.text)![0]);
    const multipart = await request(site.server)
      .post(otherLink.pathname + otherLink.search)
      .field('List-Unsubscribe', 'One-Click');
    expect(multipart.status).toBe(200);
    expect(subscription(other.email)!.unsubscribed_at).not.toBeNull();
    // The same from another site is still refused for an ordinary form.
    const crossSite = await request(site.server).post('/en/newsletter').set('Sec-Fetch-Site', 'cross-site').type('form').send({ email, consent: 'on' });
    expect(crossSite.status).toBe(403);
  });

  it('shows one button in a browser, changes nothing on GET, and unsubscribes on its post', async () => {
    const { email, welcome } = await subscriber('de');
    const link = new URL(/https:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(welcome.text)![0]);
    const page = await get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const main = /<main[\s\S]*<\/main>/.exec(page.text)![0];
    expect(main.match(/<button/g)).toHaveLength(1);
    expect(page.text).toContain('Abbestellen');
    expect(page.text).not.toContain(email);
    expect(subscription(email)!.unsubscribed_at).toBeNull();

    const token = link.searchParams.get('token')!;
    // Its token confirms nothing and opens no account.
    expect((await post(`/de/newsletter/bestaetigen?token=${token}`, { token })).status).toBe(400);
    expect((await get('/de/user/profile', `sid=${token}`)).headers.location).toBe('/de/login');

    const done = await post(link.pathname + link.search, { 'List-Unsubscribe': 'One-Click', token });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Sie haben den Newsletter abbestellt.');
    expect(done.text).not.toContain(email);
    expect(subscription(email)!.unsubscribed_at).not.toBeNull();
    expect((await post(`/de/newsletter/abmelden?token=${'y'.repeat(43)}`, { token: 'y'.repeat(43) })).status).toBe(400);
  });
});

describe('a signed-in visitor', () => {
  const email = unique('greta');
  const password = 'dolgo-geslo-za-e-novice';
  let session = '';

  beforeAll(async () => {
    const hash = await hashPassword(password);
    const at = new Date().toISOString();
    cms((db) =>
      db
        .prepare('INSERT INTO users (email, password_hash, name, locale, verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(email, hash, 'Greta', 'sl', at, at),
    );
    const res = await post('/sl/login', { email, password });
    expect(res.status).toBe(303);
    session = String(res.headers['set-cookie']).split(';')[0]!;
  });

  it('switches the subscription on the profile, without a confirmation mail, and off again', async () => {
    const profile = await get('/sl/user/profile', session);
    expect(profile.text).toContain('E-novic ne prejemate.');
    const on = await post('/sl/user/profile', { intent: 'newsletter', subscribed: 'true' }, session);
    expect(on.status).toBe(200);
    expect(on.text).toContain('Prijavljeni ste na naše e-novice.');
    expect(on.text).toContain(`E-novice prejemate na ${email}.`);
    expect(subscription(email)).toMatchObject({ unsubscribed_at: null });
    expect(mailsTo(email, 'newsletter_confirm')).toBe(0);
    const welcome = await mailWith(email, '/sl/e-novice/odjava?token=');
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const off = await post('/sl/user/profile', { intent: 'newsletter', subscribed: 'false' }, session);
    expect(off.text).toContain('Od naših e-novic ste se odjavili.');
    expect(off.text).toContain('E-novic ne prejemate.');
    expect(subscription(email)!.unsubscribed_at).not.toBeNull();
  });

  it('finds their address in the inquiry, the service request, the newsletter page and the footer signup', async () => {
    const value = `value="${email}"`;
    for (const url of ['/sl/povprasevanje', '/sl/servis', '/sl/e-novice']) expect((await get(url, session)).text, url).toContain(value);
    const home = await get('/sl', session);
    expect(home.text).toMatch(
      new RegExp(`id="footer-newsletter-email"[^>]*${value.replace(/[.]/g, '\\.')}|${value.replace(/[.]/g, '\\.')}[^>]*id="footer-newsletter-email"`),
    );
    // Nobody else's page has it, and a shared page never does.
    expect((await get('/sl')).text).not.toContain(email);
  });
});
