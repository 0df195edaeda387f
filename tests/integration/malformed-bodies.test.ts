import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, ADMIN_SCREEN_NAMES, ADMIN_SCREENS, adminPath } from '../../shared/admin/routes';
import { PAYLOAD_SUFFIX } from '../../shared/document';
import { LOCALES } from '../../shared/locales';
import { pathTo, ROUTE_NAMES, type RouteName, INQUIRY_STEP_SLUGS } from '../../shared/routes';
import { createCmsApp } from '../../server/cms/app';
import { openDb } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { signPurge } from '../../server/lib/purge-signature';
import { bodyRoutes } from '../support/express-routes';
import { waitForMail } from '../support/mail';
import { sendRaw } from '../support/raw-http';
import { startSiteProcess, type SiteProcess } from '../support/site-process';
import { acceptAndEnrol, inviteFromCommandLine, tokenOf } from '../support/staff';
import { until } from '../support/until';
import { startTestSite } from './helpers';
import { freePort } from '../support/free-port';

/**
 * No request can end the process (issue 24, point 1): a table of malformed bodies (a multipart post
 * cut at each of its part boundaries and mid-part, without its closing boundary, with and without a
 * file name, with a wrong or no boundary; bodies in encodings and charsets that cannot be read;
 * bodies cut mid-file by a sender that goes away) is sent to every address of the site and of its
 * content API that takes a body. The addresses are read from the route table (every screen, page and
 * payload, in every locale: the forms' parsers run before routing) and from the two Express apps'
 * routers, so an address added anywhere is in the table. Each is answered as a refusal (never a 5xx,
 * never taken as a good post), and the process is alive after each address. Sent to the site as its
 * own process, with its content API embedded on a port the test knows.
 */

const SECRET = 'purge-secret-for-the-malformed-bodies-test';
const BOUNDARY = 'probe-7e1c';
const CLIENT_GONE = 'closed';

/** `signedIn`: sent with the session (the screens only a signed-in visitor can post to; the sign-in screens send a signed-in visitor away). */
/** `route`: the router's pattern the path was filled from. */
type Target = { app: 'site' | 'cms'; method: string; path: string; route?: string; signedIn?: boolean; staffSignedIn?: boolean };
type Body = {
  name: string;
  type?: string;
  headers?: Record<string, string>;
  body: Buffer;
  /** Sent whole but announced longer, then the connection is closed. */ cutAndGone?: boolean;
};

let site: SiteProcess;
let dataDir: string;
let cmsUrl: string;
let session = '';
let staffSession = '';
const siteRoutes: Target[] = [];
const cmsRoutes: Target[] = [];

/** Values for the route table's parameters and the routers' (a new parameter needs one here). */
const PARAMS: Record<string, string[]> = {
  category: ['strehe'],
  slug: ['x'],
  offerType: ['rolete'],
  kind: ['inquiry', 'service', 'newsletter'],
  id: [randomUUID()],
  n: ['0'],
  key: ['predokenske-rolete'],
};

function fillParams(route: string): string[] {
  // The staff area's catch-all: its screens are read from its own route table (adminRoutes).
  if (route.includes('{*')) return [];
  const name = /:(\w+)/.exec(route)?.[1];
  if (!name) return [route];
  const values = PARAMS[name];
  if (!values) throw new Error(`no sample value for the parameter :${name} of ${route}: add one to PARAMS`);
  return values.flatMap((value) => fillParams(route.replace(`:${name}`, value)));
}

beforeAll(async () => {
  // The routers as the apps build them: the site's with every optional endpoint on, the content API's.
  const inProcess = await startTestSite({ CACHE_PURGE_SECRET: SECRET, OPS_TOKEN: 'o'.repeat(32) });
  try {
    for (const { method, path: route } of bodyRoutes(inProcess.app))
      for (const filled of fillParams(route)) siteRoutes.push({ app: 'site', method, path: filled, route, staffSignedIn: route.startsWith(ADMIN_PREFIX) });
  } finally {
    await inProcess.stop();
  }
  const cmsDir = mkdtempSync(path.join(os.tmpdir(), 'malformed-cms-'));
  const db = openDb(cmsDir);
  try {
    migrate(db);
    for (const { method, path: route } of bodyRoutes(createCmsApp(db, { logger: pino({ level: 'silent' }), mediaDir: path.join(cmsDir, 'media') }))) {
      for (const filled of fillParams(route)) cmsRoutes.push({ app: 'cms', method, path: filled, route });
    }
  } finally {
    db.close();
    rmSync(cmsDir, { recursive: true, force: true });
  }

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'malformed-'));
  const cmsPort = await freePort();
  cmsUrl = `http://127.0.0.1:${cmsPort}`;
  site = await startSiteProcess({
    DATA_DIR: dataDir,
    CMS_PORT: String(cmsPort),
    CACHE_PURGE_SECRET: SECRET,
    FORM_RATE_LIMIT_MAX: '1000000',
    RUM_RATE_LIMIT_MAX: '1000000',
  });

  // A session, so the content API's account routes read the body rather than stop at 401.
  const email = `malformed.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a long enough password';
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await fetch(`${cmsUrl}/auth/register`, json({ name: 'Ana', email, password }))).status).toBe(202);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(dataDir, email, 'verify-email'))![1];
  expect((await fetch(`${cmsUrl}/auth/verify-email`, json({ token }))).status).toBe(200);
  const login = await fetch(`${cmsUrl}/auth/login`, json({ email, password }));
  expect(login.status).toBe(200);
  session = ((await login.json()) as { token: string }).token;

  // And an owner's, so the staff endpoints read the body rather than stop at 401 or 403.
  const link = await inviteFromCommandLine(dataDir, `owner.${randomUUID().slice(0, 8)}@example.com`, 'owner');
  const post = async (to: string, body: unknown) => {
    const answer = await fetch(`${cmsUrl}/${to}`, json(body));
    return { status: answer.status, body: await answer.json() };
  };
  staffSession = (await acceptAndEnrol(post, tokenOf(link), 'Lana Lastnik', password)).token;
}, 120_000);

afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The screens whose post needs a session (without one it is sent to the login, its body unread). */
const SIGNED_IN_SCREENS = new Set<RouteName>(['profile', 'accountDelete']);

/** Every screen's page and payload in every locale: the form gate parses any post under them. */
function pageRoutes(): Target[] {
  return ROUTE_NAMES.flatMap((name) =>
    LOCALES.flatMap((locale) => {
      // The inquiry's step in the locale's words (its product step, which the offer type follows).
      const page = pathTo(name, locale, {
        ...Object.fromEntries(Object.entries(PARAMS).map(([key, [value]]) => [key, value])),
        step: INQUIRY_STEP_SLUGS[locale][1],
      });
      return [page, `${page.replace(/\/$/, '')}${PAYLOAD_SUFFIX}`].map((p) => ({
        app: 'site' as const,
        method: 'POST',
        path: p,
        signedIn: SIGNED_IN_SCREENS.has(name),
      }));
    }),
  );
}

/** Every screen of the staff area, signed in as the owner where the screen needs a member. */
function adminRoutes(): Target[] {
  // The editors' screens with a kind of content (the routers' :kind is a form's, which no content screen has).
  const params = { id: PARAMS.id![0]!, kind: 'products', key: PARAMS.key![0]! };
  return ADMIN_SCREEN_NAMES.map((name) => ({
    app: 'site',
    method: 'POST',
    path: adminPath(name, params),
    staffSignedIn: ADMIN_SCREENS[name].access !== 'anyone',
  }));
}

/** A valid multipart post: fields around a photo part. */
function multipart(): Buffer {
  const part = (headers: string, content: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="phone"', '041 333 444'),
    part('Content-Disposition: form-data; name="photos"; filename="okno.jpg"\r\nContent-Type: image/jpeg', randomBytes(4096)),
    part('Content-Disposition: form-data; name="content"', 'Roleta se ne spusti.'),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

function bodies(): Body[] {
  const whole = multipart();
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const cuts: Body[] = [];
  // Cut just before each delimiter (the closing one included) and just after each delimiter line.
  for (let at = whole.indexOf(`--${BOUNDARY}`, 1); at >= 0; at = whole.indexOf(`--${BOUNDARY}`, at + 1)) {
    cuts.push({ name: `multipart cut before the delimiter at ${at}`, type, body: whole.subarray(0, at) });
    const lineEnd = whole.indexOf('\r\n', at) + 2;
    if (lineEnd > 1 && lineEnd < whole.length) cuts.push({ name: `multipart cut after the delimiter line at ${at}`, type, body: whole.subarray(0, lineEnd) });
  }
  const photoAt = whole.indexOf('filename=');
  const fieldAt = whole.indexOf('Roleta');
  const json = (text: string | Buffer, headers?: Record<string, string>) => ({
    type: 'application/json',
    body: Buffer.from(text),
    ...(headers ? { headers } : {}),
  });
  const form = (text: string | Buffer, headers?: Record<string, string>, charset = '') => ({
    type: `application/x-www-form-urlencoded${charset}`,
    body: Buffer.from(text),
    ...(headers ? { headers } : {}),
  });
  return [
    ...cuts,
    { name: 'multipart cut mid-photo', type, body: whole.subarray(0, photoAt + 2000) },
    { name: 'multipart cut mid-field', type, body: whole.subarray(0, fieldAt + 4) },
    {
      name: 'one part with a file name and no closing boundary',
      type: 'multipart/form-data; boundary=b',
      body: Buffer.from('--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nunfinished'),
    },
    {
      name: 'a file of another field and no closing boundary',
      type: 'multipart/form-data; boundary=b',
      body: Buffer.from('--b\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\nunfinished'),
    },
    {
      name: 'one part without a file name and no closing boundary',
      type: 'multipart/form-data; boundary=b',
      body: Buffer.from('--b\r\nContent-Disposition: form-data; name="phone"\r\n\r\n041'),
    },
    { name: 'a wrong boundary', type: 'multipart/form-data; boundary=another', body: whole },
    { name: 'no boundary', type: 'multipart/form-data', body: whole },
    { name: 'a broken part header', type, body: Buffer.from(`--${BOUNDARY}\r\nthis is no header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`) },
    { name: 'gzip that is not gzip', ...form('phone=041', { 'content-encoding': 'gzip' }) },
    { name: 'an unknown content coding', ...form('phone=041', { 'content-encoding': 'x-unknown' }) },
    { name: 'a charset no parser reads', ...form('phone=041', undefined, '; charset=utf-16') },
    { name: 'a bad percent-encoding', ...form('phone=%E0%A4%A&content=%zz') },
    { name: 'bytes that are not UTF-8', ...form(Buffer.from([0x70, 0x3d, 0xff, 0xfe, 0xc3])) },
    { name: 'JSON cut short', ...json('{"email": "ana@') },
    { name: 'JSON that is not UTF-8', ...json(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])) },
    { name: 'JSON in gzip that is not gzip', ...json('{"a":1}', { 'content-encoding': 'gzip' }) },
    { name: 'gzip of JSON cut short', ...json(gzipSync('{"email":"ana@example.com"}').subarray(0, 12), { 'content-encoding': 'gzip' }) },
    { name: 'a form far over any limit', ...form(`content=${'x'.repeat(200 * 1024)}`) },
    { name: 'JSON far over any limit', ...json(`{"x":"${'x'.repeat(200 * 1024)}"}`) },
    { name: 'a bad chunk size', type, headers: { 'transfer-encoding': 'chunked' }, body: Buffer.from('zz\r\nabc\r\n0\r\n\r\n') },
    { name: 'multipart cut mid-photo by a sender that goes away', type, body: whole.subarray(0, photoAt + 2000), cutAndGone: true },
    { name: 'JSON cut by a sender that goes away', ...json('{"email": "ana@'), cutAndGone: true },
  ];
}

/** One request on a connection of its own, its bytes exactly as given: the answer's status, or CLIENT_GONE. */
function exchange(target: Target, body: Body): Promise<number | typeof CLIENT_GONE> {
  const url = new URL(target.app === 'site' ? site.url : cmsUrl);
  const headers: Record<string, string> = {
    host: 'localhost',
    connection: 'close',
    // From the site's own page: the form gate's same-origin check passes, and the body is what is judged.
    'sec-fetch-site': 'same-origin',
    ...(body.type ? { 'content-type': body.type } : {}),
    // Signed in, so the account's screens and endpoints read the body rather than stop at the session
    // (but for signing out, which would end the session the rest of the table needs).
    ...(target.app === 'cms' ? { authorization: `Bearer ${bearerFor(target.path)}`, 'idempotency-key': `malformed-${randomUUID()}` } : {}),
    ...(target.signedIn ? { cookie: `sid=${session}` } : {}),
    ...(target.staffSignedIn ? { cookie: `staff_sid=${staffSession}` } : {}),
    ...(target.path === '/api/cache/purge' ? { 'x-signature': signPurge(SECRET, body.body.toString('latin1')) } : {}),
    ...body.headers,
  };
  if (!headers['transfer-encoding']) headers['content-length'] = String(body.body.length + (body.cutAndGone ? 10_000 : 0));
  const head = `${target.method} ${target.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return sendRaw(url.href, head, body.body, { gone: body.cutAndGone, what: `${target.method} ${target.path} (${body.name})` }).then(
    (status) => status ?? CLIENT_GONE,
  );
}

/** The visitor's or the owner's session, and for signing out one that is no session. */
function bearerFor(path: string): string {
  if (path.endsWith('/logout') || path.endsWith('/logout-everywhere')) return 'x'.repeat(43);
  return path.startsWith('/staff/') ? staffSession : session;
}

async function alive(): Promise<boolean> {
  return (
    site.child.exitCode === null &&
    (await fetch(`${site.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  );
}

/**
 * What a refusal of a body may be: 400 (malformed), 413 (too large), 415 (a type, charset or coding
 * the address does not read), 405 (a page that takes no post; its body is never read), and 401 for
 * the purge webhook when its body cannot be what was signed (its type is not JSON, so it reads none).
 */
const REFUSALS = new Set([400, 405, 413, 415]);
const refused = (target: Target, status: number) => REFUSALS.has(status) || (target.path === '/api/cache/purge' && status === 401);
/**
 * The content API's addresses that read no body: they answer as they always do (signing out with no
 * session, an unknown member), or 400 when Node's parser refuses the request's framing (a bad chunk size).
 */
const READ_NO_BODY: Record<string, number> = {
  'POST /auth/logout': 204,
  'POST /account/submission-grants': 201,
  'POST /staff/auth/logout': 401,
  'POST /staff/auth/logout-everywhere': 401,
  'POST /staff/members/:id/reset-two-factor': 404,
  // A form's kind is no kind of content, and an id that is no number no redirect's.
  'POST /staff/content/:kind/:key/discard': 404,
  'POST /staff/content/:kind/:key/publish': 404,
  'POST /staff/content/:kind/:key/unpublish': 404,
  'POST /staff/content/:kind/:key/preview': 404,
  'POST /staff/redirects/:id/delete': 404,
};
/** The staff sign-in's later steps with no step in progress send the member on, whatever was posted. */
const NO_STEP_SENDS_ON = new Set<string>([ADMIN_SCREENS.code.path, ADMIN_SCREENS.enrol.path, ADMIN_SCREENS.recoveryCodes.path]);

describe('malformed bodies', () => {
  it('are read from the route table and both apps’ routers: every address that takes a body', () => {
    const paths = [...siteRoutes, ...cmsRoutes].map((t) => `${t.method} ${t.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/rum',
        'POST /api/cache/purge',
        'POST /forms/service',
        'POST /auth/login',
        'POST /newsletter/unsubscribe',
        'PUT /account',
      ]),
    );
    expect(pageRoutes().map((t) => t.path)).toEqual(
      expect.arrayContaining(['/sl/servis', '/de/anfrage/details/rolete/_payload.json', '/en/newsletter/unsubscribe']),
    );
  });

  it('are refused at every address, and the process stays alive', async () => {
    const targets = [...pageRoutes(), ...adminRoutes(), ...siteRoutes, ...cmsRoutes];
    const table = bodies();
    const wrong: string[] = [];
    for (const target of targets) {
      // A few at a time: the table's bodies in parallel, the addresses one after the other.
      const answers = await Promise.all(table.map((body) => exchange(target, body).then((status) => ({ body, status }))));
      for (const { body, status } of answers) {
        const key = `${target.method} ${target.path}`;
        const route = `${target.method} ${target.route ?? target.path}`;
        const expected = body.cutAndGone
          ? status === CLIENT_GONE
          : target.app === 'cms' && route in READ_NO_BODY
            ? status === READ_NO_BODY[route] || (body.name === 'a bad chunk size' && status === 400)
            : refused(target, status as number) || (NO_STEP_SENDS_ON.has(target.path) && status === 303);
        if (!expected) wrong.push(`${key} (${body.name}): ${status}`);
      }
      if (!(await alive())) throw new Error(`the process died at ${target.method} ${target.path}:\n${site.log().slice(-3000)}`);
    }
    expect(wrong).toEqual([]);
    // Whatever was cut or refused left nothing behind.
    const uploads = path.join(dataDir, 'uploads');
    await until('the upload folders are gone', () => readdirSync(uploads).length === 0);
    expect(site.log()).not.toMatch(/"level":(50|60)/);
  }, 600_000);

  it('refuses a multipart post cut before its closing boundary with 400 at every page, as the forms would show it', async () => {
    const cut: Body = {
      name: 'cut',
      type: 'multipart/form-data; boundary=b',
      body: Buffer.from('--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nunfinished'),
    };
    const statuses = await Promise.all(pageRoutes().map((target) => exchange(target, cut)));
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(await alive()).toBe(true);
  }, 120_000);
});
