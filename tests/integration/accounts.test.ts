import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, waitForMail } from './helpers';

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

/** A post as the browser sends it from one of the site's pages, without JavaScript. */
const post = (path: string, form: Record<string, string>, cookie = '') =>
  request(site.server).post(path).set('Sec-Fetch-Site', 'same-origin').set('Cookie', cookie).type('form').send(form);

const tokenIn = (mail: string, route: string) => new RegExp(`${route}\\?token=([A-Za-z0-9_-]+)`).exec(mail)?.[1];

describe('accounts without JavaScript', () => {
  const email = `ana.${Date.now()}@example.com`;
  const password = 'dolgo-geslo-123';
  let session = '';

  it('registers, mails a confirmation link, and confirms the address with a click', async () => {
    const res = await post('/sl/register', { name: 'Ana Novak', email, password, website: '' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Hvala! Na vaš e-naslov smo poslali povezavo');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const mail = await waitForMail(site.dataDir, email, '/sl/verify-email?token=');
    const token = tokenIn(mail, '/sl/verify-email');
    expect(token).toBeTruthy();
    const page = await request(site.server).get(`/sl/verify-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="token" value="${token}"`);
    // The form posts to its own address, the token's too (as a browser sends it).
    expect(page.text).toContain(`action="/sl/verify-email?token=${token}"`);
    const confirmed = await post(`/sl/verify-email?token=${token}`, { token: token! });
    expect(confirmed.text).toContain('E-naslov je potrjen');
    // The link used twice: the address is verified, and the page says so and leads to the sign-in.
    const again = await post(`/sl/verify-email?token=${token}`, { token: token! });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Ta e-naslov je že potrjen');
    expect(again.text).toContain('href="/sl/login"');
    expect(again.text).not.toContain('form-message--error');
    // A token nobody was mailed is still just invalid: the answer tells a stranger nothing.
    const stranger = 'x'.repeat(43);
    const unknown = await post(`/sl/verify-email?token=${stranger}`, { token: stranger });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Povezava je neveljavna ali je potekla.');
  });

  it('shows field errors in the page language with the values kept, never the password', async () => {
    const res = await post('/en/register', { name: 'Ana', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Enter a valid email address.');
    expect(res.text).toContain('The password must have at least 10 characters.');
    expect(res.text).toContain('value="not-an-email"');
    expect(res.text).not.toContain('value="short"');
    expect(res.text).toContain('aria-invalid="true"');
    const de = await post('/de/login', { email: '', password: '' });
    expect(de.text).toContain('Dieses Feld ist erforderlich.');
  });

  it('refuses a wrong password without saying whether the address exists', async () => {
    const wrong = await post('/sl/login', { email, password: 'napacno-geslo-1' });
    const unknown = await post('/sl/login', { email: `nobody.${Date.now()}@example.com`, password: 'napacno-geslo-1' });
    expect(wrong.status).toBe(400);
    const alert = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
    expect(alert(wrong.text)).toBe(alert(unknown.text));
    expect(wrong.text).toContain('E-naslov ali geslo ni pravilno.');
  });

  it('signs in with an HttpOnly session cookie and shows the private profile', async () => {
    const res = await post('/sl/login', { email, password });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/user/profile');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[\w-]{32,}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    session = cookie.split(';')[0]!;

    const profile = await request(site.server).get('/sl/user/profile').set('Cookie', session);
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('private, no-store');
    expect(profile.text).toContain(email);
    expect(profile.text).toContain('value="Ana Novak"');
    // Signed in, the login page leads to the profile.
    expect((await request(site.server).get('/sl/login').set('Cookie', session)).headers.location).toBe('/sl/user/profile');
  });

  it('saves profile details and changes the password', async () => {
    const saved = await post(
      '/sl/user/profile',
      { intent: 'profile', name: 'Ana Kovač', phone: '+386 40 123 456', streetAddress: 'Glavna 1', postalCode: '1000', town: 'Ljubljana' },
      session,
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Podatki so shranjeni.');
    expect(saved.text).toContain('value="Ana Kovač"');
    const badPhone = await post(
      '/sl/user/profile',
      { intent: 'profile', name: 'Ana', phone: '<script>', streetAddress: '', postalCode: '', town: '' },
      session,
    );
    expect(badPhone.status).toBe(400);
    expect(badPhone.text).not.toContain('<script>');

    const wrong = await post('/sl/user/profile', { intent: 'password', currentPassword: 'ni-pravo-geslo', newPassword: 'novo-geslo-456' }, session);
    expect(wrong.text).toContain('Trenutno geslo ni pravilno.');
    const changed = await post('/sl/user/profile', { intent: 'password', currentPassword: password, newPassword: 'novo-geslo-456' }, session);
    expect(changed.text).toContain('Geslo je spremenjeno.');
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const res = await post('/sl/user/profile', { intent: 'logout' }, session);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sl/login');
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly/);
    const after = await request(site.server).get('/sl/user/profile').set('Cookie', session);
    expect(after.status).toBe(302);
  });

  it('resets a forgotten password by a mailed single-use link', async () => {
    const asked = await post('/en/password-reset', { email });
    expect(asked.text).toContain('If an account with this email address exists');
    const unknown = await post('/en/password-reset', { email: `nobody.${Date.now()}@example.com` });
    expect(unknown.text).toContain('If an account with this email address exists');

    const mail = await waitForMail(site.dataDir, email, '/en/password-reset?token=');
    const token = tokenIn(mail, '/en/password-reset');
    expect(token).toBeTruthy();
    const form = await request(site.server).get(`/en/password-reset?token=${token}`);
    expect(form.text).toContain('name="password"');
    expect(form.text).toContain(`action="/en/password-reset?token=${token}"`);
    const done = await post(`/en/password-reset?token=${token}`, { token: token!, password: 'tretje-geslo-789' });
    expect(done.text).toContain('Your password has been changed.');
    const login = await post('/en/login', { email, password: 'tretje-geslo-789' });
    expect(login.status).toBe(303);

    // The link used twice: said so, with the sign-in and a new link; the password stays the one just set.
    const again = await post(`/en/password-reset?token=${token}`, { token: token!, password: 'cetrto-geslo-000' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This link has already been used to set a password');
    expect(again.text).toContain('href="/en/login"');
    expect(again.text).toContain('href="/en/password-reset"');
    expect(again.text).not.toContain('name="password"');
    // Opened again from the mail: said at once, before any password is typed.
    const reopened = await request(site.server).get(`/en/password-reset?token=${token}`);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toMatch(/<p class="form-message form-message--error" role="alert">This link has already been used to set a password/);
    expect(reopened.text).toContain('href="/en/login"');
    expect(reopened.text).toContain('href="/en/password-reset"');
    expect(reopened.text).not.toContain('name="password"');
    expect((await post('/en/login', { email, password: 'cetrto-geslo-000' })).status).toBe(400);
    expect((await post('/en/login', { email, password: 'tretje-geslo-789' })).status).toBe(303);
    // The verification link, spent long ago, still says the address is verified (in German too).
    const verify = tokenIn(await waitForMail(site.dataDir, email, '/sl/verify-email?token='), '/sl/verify-email')!;
    const verified = await post(`/de/verify-email?token=${verify}`, { token: verify });
    expect(verified.text).toContain('Diese E-Mail-Adresse ist bereits bestätigt');
    // An unknown reset token is invalid, as before.
    const stranger = 'y'.repeat(43);
    const unknownToken = await post(`/en/password-reset?token=${stranger}`, { token: stranger, password: 'cetrto-geslo-000' });
    expect(unknownToken.status).toBe(400);
    expect(unknownToken.text).toContain('This link is invalid or has expired.');
    for (const locale of ['sl', 'de'] as const) {
      const opened = await request(site.server).get(`/${locale}/password-reset?token=${stranger}`);
      const said = locale === 'sl' ? 'Povezava je neveljavna ali je potekla.' : 'Dieser Link ist ungültig oder abgelaufen.';
      expect(opened.text).toContain(`<p class="form-message form-message--error" role="alert">${said}</p>`);
      expect(opened.text).toContain(`href="/${locale}/password-reset"`);
      expect(opened.text).not.toContain('name="password"');
    }
  });
});

describe('accounts from the browser (page payloads)', () => {
  it('posts a form to the payload and answers with the action data', async () => {
    const res = await request(site.server).post('/en/login/_payload.json').set('Sec-Fetch-Site', 'same-origin').type('form').send({ email: 'x', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.actionData['login___en']).toMatchObject({ form: 'login', errors: { email: 'form.errors.email', password: 'form.errors.required' } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
