import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { sessionCookieOf } from '../support/visitor';
import { startTestSite, waitForMail } from './helpers';

/**
 * Accounts against strangers, through the site as a visitor meets it (docs/decisions/0025): behind one
 * proxy on this machine (TRUST_PROXY=loopback, this test playing the proxy that appends the client's address to
 * X-Forwarded-For) on an https public origin. The login limits are the content API's; what is tested
 * here is that each visitor's own address reaches it through the BFF, that the mailed unlock link
 * works from the login page, that the profile lists only what its owner posted, and that every
 * cookie is Secure. The same cookies without Secure on an http origin: locale-routing.test.ts and
 * accounts.test.ts (the default PUBLIC_URL is http).
 */

const ORIGIN = 'https://www.sencila.test';
const STRANGER = '198.51.100.7';
const OWNER = '203.0.113.9';

let site: Awaited<ReturnType<typeof startTestSite>>;
let cms: Database.Database;
beforeAll(async () => {
  site = await startTestSite({ PUBLIC_URL: ORIGIN, TRUST_PROXY: 'loopback' });
  cms = new Database(join(site.dataDir, 'cms.sqlite'), { readonly: true });
});
afterAll(async () => {
  cms?.close();
  await site?.stop();
});

/** A post from one of the site's pages, without JavaScript, from a client address as the proxy tells it. */
const post = (
  path: string,
  form: Record<string, string>,
  { from = OWNER, cookie = '', forwarded }: { from?: string; cookie?: string; forwarded?: string } = {},
) =>
  request(site.server)
    .post(path)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', forwarded ?? from)
    .set('Cookie', cookie)
    .type('form')
    .send(form);

const get = (path: string, cookie = '', from = OWNER) => request(site.server).get(path).set('X-Forwarded-For', from).set('Cookie', cookie);

const alert = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];

let count = 0;
/** Registers and confirms an account through the site. */
async function account(): Promise<{ email: string; password: string }> {
  const user = { email: `lastnik.${++count}.${Date.now()}@example.com`, password: `dolgo-geslo-${count}-senčila` };
  expect((await post('/en/register', { name: 'Ana Novak', ...user, website: '' })).status).toBe(200);
  const token = /\/en\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(site.dataDir, user.email, '/en/verify-email?token='))![1]!;
  expect((await post(`/en/verify-email?token=${token}`, { token })).text).toContain('Your email address is confirmed');
  return user;
}

describe('cookies on an https public origin', () => {
  it('are Secure: the locale cookie and the session cookie, set and cleared', async () => {
    const root = await get('/');
    expect(String(root.headers['set-cookie'])).toMatch(/^i18n_redirected=sl; Max-Age=31536000; Path=\/; Expires=[^;]+ GMT; Secure; SameSite=Lax$/);

    const user = await account();
    const login = await post('/en/login', user);
    expect(login.status).toBe(303);
    expect(String(login.headers['set-cookie'])).toMatch(/^sid=[\w-]{32,}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    const logout = await post('/en/user/profile', { intent: 'logout' }, { cookie: sessionCookieOf(login) });
    expect(String(logout.headers['set-cookie'])).toBe('sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
  });
});

describe('sign-in against strangers', { timeout: 120_000 }, () => {
  it("a stranger's wrong passwords from another address slow the stranger down, not the owner", async () => {
    const user = await account();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/en/login', { email: user.email, password: `stranger-guess-${i}` }, { from: STRANGER });
      expect(wrong.status).toBe(400);
      expect(alert(wrong.text)).toBe('The email or password is not correct.');
    }
    const slowed = await post('/en/login', { email: user.email, password: user.password }, { from: STRANGER });
    expect(slowed.status).toBe(429);
    expect(alert(slowed.text)).toContain('Too many failed attempts');

    // The stranger cannot borrow the owner's address: only the entry the proxy appended counts.
    const spoofed = await post('/en/login', { email: user.email, password: user.password }, { forwarded: `${OWNER}, ${STRANGER}` });
    expect(spoofed.status).toBe(429);

    const owner = await post('/en/login', user, { from: OWNER });
    expect(owner.status).toBe(303);
    expect(owner.headers.location).toBe('/en/user/profile');
  });

  it('an unknown address is answered exactly like a known one', async () => {
    const known = await account();
    const unknown = `nikogar.${Date.now()}@example.com`;
    const answers = async (email: string, from: string) => {
      const out: [number, string | undefined][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await post('/en/login', { email, password: `guess-${i}-abc` }, { from });
        out.push([res.status, alert(res.text)]);
      }
      return out;
    };
    const a = await answers(known.email, '198.51.100.31');
    expect(await answers(unknown, '198.51.100.32')).toEqual(a);
    expect(a.map(([status]) => status)).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the mailed link signs the owner in at once, from the slowed address, once', async () => {
    const user = await account();
    const from = '198.51.100.40';
    for (let i = 0; i < 6; i++) await post('/en/login', { email: user.email, password: `guess-${i}-abc` }, { from });
    const mail = await waitForMail(site.dataDir, user.email, '/en/login?unlock=');
    const link = new RegExp(`${ORIGIN.replace(/\./g, '\\.')}(/en/login\\?unlock=([A-Za-z0-9_-]+))`).exec(mail)!;
    const [, path, token] = link;

    const page = await get(path!, '', from);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('lets you sign in at once');
    expect(page.text).toContain(`name="unlock" value="${token}"`);

    const signedIn = await post(path!, { ...user, unlock: token! }, { from });
    expect(signedIn.status).toBe(303);
    // Spent: the next time the same address meets its limit, the link is no help.
    for (let i = 0; i < 5; i++) await post('/en/login', { email: user.email, password: `again-${i}-abc` }, { from });
    expect((await post(path!, { ...user, unlock: token! }, { from })).status).toBe(429);
  });
});

describe('the profile lists what its owner posted', { timeout: 60_000 }, () => {
  it('posted while signed in: listed as its own; posted by someone signed out with the same address: listed, marked sent without signing in (decision 0044)', async () => {
    const user = await account();
    const session = sessionCookieOf(await post('/en/login', user));
    const service = (content: string) => ({
      phone: '+386 40 111 222',
      email: user.email,
      streetAddress: 'Gozdna pot 7',
      postalCode: '2380',
      town: 'Slovenj Gradec',
      content,
      terms: 'on',
    });
    const own = await post('/en/service', service('Signed in, my own request'), { cookie: session });
    expect(own.status).toBe(303);
    const stranger = await post('/en/service', service('A stranger using her address'), { from: STRANGER });
    expect(stranger.status).toBe(303);

    const stored = () =>
      cms
        .prepare("SELECT json_extract(data, '$.content') AS content, email_confirmed_at FROM submissions WHERE email = ? ORDER BY content")
        .all(user.email) as {
        content: string;
        email_confirmed_at: string | null;
      }[];
    await until('both requests reach the content API', () => stored().length === 2);
    expect(stored().map((row) => [row.content, row.email_confirmed_at !== null])).toEqual([
      ['A stranger using her address', false],
      ['Signed in, my own request', true],
    ]);

    const profile = await get('/en/user/profile', session);
    expect(profile.status).toBe(200);
    const rows = [...profile.text.matchAll(/<tr><td><time [\s\S]*?<\/tr>/g)].map((row) => row[0]);
    expect(rows).toHaveLength(2);
    // The stranger's marked, hers not (which one the outbox delivered first is not this test's business).
    expect(rows.filter((row) => row.includes('class="submissions__unsigned">sent without signing in<'))).toHaveLength(1);
    expect(profile.text).toContain('whoever sent them typed in your address');
  });
});
