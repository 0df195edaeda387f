import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DATA_PARAM } from '../../shared/admin/document';
import { CLIENT_BUILD_DIR } from '../../server/lib/paths';
import { appCode, inviteFromCommandLine, tokenOf } from '../support/staff';
import { startTestSite } from './helpers';
import { screenPaths } from './screen-paths';

/**
 * The staff area as the site serves it at /admin (its content API side: cms-staff.test.ts): signing in
 * without JavaScript, never stored or indexed, its own cookie apart from visitors', posts from its own
 * pages only, reachable only from ADMIN_ALLOW's addresses when set, and none of its code on a public page.
 */

const PASSWORD = 'a long staff password';
let site: Awaited<ReturnType<typeof startTestSite>>;
let agent: ReturnType<typeof request.agent>;
let staffToken: string;

const cookieOf = (res: request.Response, name: string) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));

beforeAll(async () => {
  site = await startTestSite();
  agent = request.agent(site.server);
  const origin = site.url;
  const link = await inviteFromCommandLine(site.dataDir, 'owner@sencila.test', 'owner', site.url);

  // Joining as a browser without JavaScript does: each step a form post answered with a 303.
  expect((await agent.get(`/admin/invitation?token=${tokenOf(link)}&lang=en`)).text).toContain('owner@sencila.test');
  const joined = await agent
    .post('/admin/invitation')
    .set('Origin', origin)
    .type('form')
    .send({ token: tokenOf(link), name: 'Olga Lastnik', password: PASSWORD });
  expect(joined.status).toBe(303);
  expect(joined.headers.location).toBe('/admin/login/enrol?next=%2Fadmin');
  const step = cookieOf(joined, 'staff_step')!;
  expect(step).toMatch(/; Path=\/admin; HttpOnly; SameSite=Strict$/);
  const enrolPage = await agent.get('/admin/login/enrol');
  const secret = /<code class="admin-secret">([A-Z2-7 ]+)<\/code>/.exec(enrolPage.text)![1]!.replace(/ /g, '');
  const enrolled = await agent
    .post('/admin/login/enrol')
    .set('Origin', origin)
    .type('form')
    .send({ code: appCode(secret) });
  expect(enrolled.status).toBe(303);
  expect(enrolled.headers.location).toBe('/admin/login/recovery-codes?next=%2Fadmin');
  const session = cookieOf(enrolled, 'staff_sid')!;
  expect(session).toMatch(/^staff_sid=[\w-]{32,}; Path=\/admin; HttpOnly; SameSite=Strict$/);
  staffToken = /^staff_sid=([\w-]+)/.exec(session)![1]!;
  const codes = await agent.get('/admin/login/recovery-codes');
  expect(codes.text.match(/<code>[a-z2-7]{5}-[a-z2-7]{5}<\/code>/g)).toHaveLength(10);
});
afterAll(() => site.stop());

describe('the staff area', () => {
  it('is never stored, never indexed, and sends the signed-out to the sign-in', async () => {
    const res = await request(site.server).get('/admin?status=new');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/login?next=%2Fadmin%3Fstatus%3Dnew');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const login = await request(site.server).get('/admin/login');
    expect(login.status).toBe(200);
    expect(login.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(login.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await request(site.server).get('/robots.txt')).text).toContain('Disallow: /admin\n');
  });

  it('shows the signed-in member their inbox, and its data as JSON to the browser’s router', async () => {
    const inbox = await agent.get('/admin');
    expect(inbox.status).toBe(200);
    expect(inbox.headers['cache-control']).toBe('private, no-store');
    expect(inbox.text).toContain('<h1 id="inbox-title">Leads</h1>');
    const data = await agent.get(`/admin?status=open&${ADMIN_DATA_PARAM}`);
    expect(data.headers['content-type']).toMatch(/^application\/json/);
    expect(data.body).toMatchObject({
      status: 200,
      loaderData: { shell: { member: { email: 'owner@sencila.test', role: 'owner' } }, inbox: { filter: { status: 'open' } } },
    });
    // A refused form answers its errors in the payload, with its status there (no failed request in the browser).
    const refused = await agent
      .post(`/admin/account?${ADMIN_DATA_PARAM}`)
      .set('Origin', site.url)
      .type('form')
      .send({ intent: 'profile', name: '', locale: 'en' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 400, actionData: { account: { form: 'profile', errors: { name: 'form.errors.required' } } } });
  });

  it('explains the copy’s {{years}} in the content editor where a text has it, and not elsewhere', async () => {
    // The paragraph, not the page's strings (which travel in its document).
    const hint = '<p class="admin-field__hint">{{years}} in a text is replaced on the site by the number of years since the company was founded';
    const home = await agent.get('/admin/content/home/home');
    expect(home.status).toBe(200);
    expect(home.text).toContain(hint);
    const seo = await agent.get('/admin/content/seo/seo');
    expect(seo.status).toBe(200);
    expect(seo.text).not.toContain(hint);
  });

  it('takes posts from its own pages only', async () => {
    const cross = await agent.post('/admin/account').set('Origin', 'https://evil.example').type('form').send({ intent: 'logoutEverywhere' });
    expect(cross.status).toBe(403);
    expect((await agent.get('/admin')).status).toBe(200);
  });

  it('keeps staff and visitors apart: neither session opens the other’s screens', async () => {
    // The staff token as a visitor's session cookie: no account.
    const profile = await request(site.server).get('/en/user/profile').set('Cookie', `sid=${staffToken}`);
    expect([302, 303]).toContain(profile.status);
    expect(profile.headers.location).toMatch(/\/en\/login/);
    // A visitor's cookie (of any value) on the staff area: not signed in.
    const admin = await request(site.server).get('/admin').set('Cookie', `sid=${staffToken}`);
    expect(admin.headers.location).toMatch(/^\/admin\/login/);
  });

  it('relays the CSV of the filtered list and a lead’s photos to members only', async () => {
    const csv = await agent.get('/admin/leads.csv?status=new');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="?leads-\d{4}-\d{2}-\d{2}\.csv"?$/);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.text.startsWith('\uFEFFID;')).toBe(true);
    expect((await request(site.server).get('/admin/leads.csv')).status).toBe(404);
    expect((await agent.get('/admin/leads/00000000-0000-4000-8000-000000000000/photos/0')).status).toBe(404);
  });

  it('loads none of its code on a public page', async () => {
    // A build of its own (vite.config.ts): not one file of it is a public page's.
    const files = (name: string) =>
      Object.values(JSON.parse(readFileSync(path.join(CLIENT_BUILD_DIR, '.vite', name), 'utf8')) as Record<string, { file: string }>).map(
        (chunk) => chunk.file,
      );
    const publicFiles = new Set(files('manifest.json'));
    const adminOnly = files('staff-manifest.json');
    expect(adminOnly.length).toBeGreaterThan(5);
    expect(adminOnly.filter((file) => publicFiles.has(file))).toEqual([]);
    for (const pagePath of Object.values(await screenPaths(site.server, 'sl'))) {
      const html = (await request(site.server).get(pagePath).redirects(1)).text;
      for (const file of adminOnly) expect(html, pagePath).not.toContain(file);
    }
  });
});

describe('ADMIN_ALLOW', () => {
  it('answers the staff area from the listed addresses only; others get the site’s 404', async () => {
    const closed = await startTestSite({ ADMIN_ALLOW: '10.0.0.0/8, 192.168.1.7' });
    try {
      const res = await request(closed.server).get('/admin/login');
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).not.toContain('private');
      const open = await startTestSite({ ADMIN_ALLOW: '127.0.0.1' });
      try {
        expect((await request(open.server).get('/admin/login')).status).toBe(200);
      } finally {
        await open.stop();
      }
    } finally {
      await closed.stop();
    }
  });
});
