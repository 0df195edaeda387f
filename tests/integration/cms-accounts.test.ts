import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountUserSchema, apiErrorSchema, authAcceptedSchema, resetLinkStatusSchema, sessionSchema, statusSchema } from '../../shared/api/contract';
import { hashPassword } from '../../server/cms/accounts/passwords';
import { startCms, type RunningCms } from '../../server/cms/server';
import { readEml, type Eml } from '../support/eml';
import { until, untilFound } from '../support/until';

/**
 * The account endpoints of the embedded content API, over HTTP, on a fresh data folder. Mail goes to
 * .eml files (no SMTP configured); the tests read the links out of them as a visitor would. Expiry is
 * simulated by moving a stored expiry into the past in the database, which the CMS shares.
 */

const CONTENT_DIR = resolve(process.cwd(), 'content');
const SITE_URL = 'https://www.sencila.test';
const FROM = 'Senčila Zorko <no-reply@sencila.test>';

let dataDir: string;
let cms: RunningCms;
let db: Database.Database;
const logLines: string[] = [];
/** Everything that must never reach a log: addresses, names, passwords, tokens. */
const secrets = new Set<string>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cms-accounts-'));
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  cms = await startCms({ dataDir, port: 0, contentDir: CONTENT_DIR, logger, siteUrl: SITE_URL, mail: { from: FROM } });
  db = new Database(join(dataDir, 'cms.sqlite'));
});

afterAll(async () => {
  db?.close();
  await cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// HTTP

type Answer = { status: number; headers: Headers; body: unknown };

async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; session?: string; raw?: string; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  // The visitor's address as the BFF tells it; this test connects over loopback, as the BFF does.
  if (options.from) headers['x-forwarded-for'] = options.from;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  if (options.session) headers.authorization = `Bearer ${options.session}`;
  const res = await fetch(new URL(path, cms.url), {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  // Every answer follows the contract: errors are `{ error }`, the rest is checked by the caller.
  if (res.status >= 400) expect(apiErrorSchema.safeParse(body).success, `${method} ${path}: ${text}`).toBe(true);
  return { status: res.status, headers: res.headers, body };
}

/** A successful answer, checked against its contract schema. */
async function ok<S extends z.ZodType>(status: number, schema: S, answer: Promise<Answer>): Promise<z.infer<S>> {
  const { status: got, body } = await answer;
  expect({ status: got, body }).toMatchObject({ status });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`answer breaks the contract: ${parsed.error.message}`);
  return parsed.data;
}

async function fails(status: number, error: string, answer: Promise<Answer>): Promise<Answer> {
  const got = await answer;
  expect({ status: got.status, error: (got.body as { error?: string }).error }).toEqual({ status, error });
  return got;
}

const register = (email: string, password: string, name = 'Ana Novak', lang = 'en') =>
  call('POST', `auth/register?lang=${lang}`, { body: { email, password, name } });
const login = (email: string, password: string, from?: string, unlock?: string) =>
  call('POST', 'auth/login?lang=en', { body: { email, password, ...(unlock ? { unlock } : {}) }, from });

async function signIn(email: string, password: string): Promise<string> {
  const session = await ok(200, sessionSchema, login(email, password));
  secrets.add(session.token);
  return session.token;
}

// ---------------------------------------------------------------------------------------------------
// Mail: the .eml files the CMS writes when no SMTP server is configured

type Mail = Eml & { file: string };

const mailDir = () => join(dataDir, 'mail');
const mailFiles = () =>
  existsSync(mailDir())
    ? readdirSync(mailDir())
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
const readMail = (file: string): Mail => ({ file, ...readEml(join(mailDir(), file)) });

const seenFiles = new Set<string>();

/** Waits until `count` mails have arrived that this test has not read yet, and returns them. */
async function newMails(count: number): Promise<Mail[]> {
  const fresh = await untilFound(`${count} new mail(s) arrive`, () => {
    const files = mailFiles().filter((f) => !seenFiles.has(f));
    return files.length >= count ? files : undefined;
  });
  for (const f of fresh) seenFiles.add(f);
  return fresh.map(readMail);
}

/** Mails queued and not yet written: an answer queues its mails before it is sent, so none to come once this is 0. */
const mailQueued = () => (db.prepare('SELECT count(*) AS n FROM outgoing_mail WHERE sent_at IS NULL AND given_up_at IS NULL').get() as { n: number }).n;

/** No mail arrived that this test has not read: every queued one is written first. */
async function expectNoNewMail(): Promise<void> {
  await until('every queued mail is sent', () => mailQueued() === 0);
  expect(mailFiles().filter((f) => !seenFiles.has(f))).toEqual([]);
}

async function oneMail(to: string): Promise<Mail> {
  const mails = await newMails(1);
  expect(mails.map((m) => m.to)).toEqual([to]);
  return mails[0]!;
}

function tokenIn(mail: Mail, path: string): string {
  const match = new RegExp(`${SITE_URL.replace(/\./g, '\\.')}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  secrets.add(match[1]!);
  return match[1]!;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hourAgo = () => new Date(Date.now() - 60 * 60_000).toISOString();

let userCount = 0;
/** A fresh address and password for one test; both are remembered as secrets. */
function newUser(): { email: string; password: string } {
  userCount++;
  const user = { email: `user${userCount}.${Date.now()}@example.org`, password: `Sunny shade ${userCount} plus` };
  secrets.add(user.email);
  secrets.add(user.password);
  return user;
}

/** Registers and verifies an account; returns its credentials. */
async function verifiedUser(): Promise<{ email: string; password: string }> {
  const user = newUser();
  await ok(202, authAcceptedSchema, register(user.email, user.password));
  const token = tokenIn(await oneMail(user.email), '/en/verify-email');
  await ok(200, statusSchema, call('POST', 'auth/verify-email?lang=en', { body: { token } }));
  return user;
}

// ---------------------------------------------------------------------------------------------------

// A dozen password hashes in one test: on a busy machine that is more than the default 20 s.
describe('accounts: the whole way through', { timeout: 60_000 }, () => {
  it('register → mail → verify → login → account → update → change password → logout', async () => {
    const password = 'Rolete za vse letne čase';
    secrets.add(password);
    secrets.add('ana.kovac@example.si');
    secrets.add('Ana Kovač');

    // The address is normalised: trimmed and lowercased.
    const accepted = await ok(202, authAcceptedSchema, register('  Ana.Kovac@Example.SI ', password, 'Ana Kovač', 'sl'));
    expect(accepted).toEqual({ status: 'accepted' });

    const verifyMail = await oneMail('ana.kovac@example.si');
    expect(verifyMail.from).toBe(FROM);
    expect(verifyMail.headers['auto-submitted']).toBe('auto-generated');
    expect(verifyMail.subject).toBe('Senčila Zorko: potrdite svoj e-poštni naslov');
    expect(verifyMail.text).toContain('48 ur');
    // The name typed at registration is not echoed into the mail.
    expect(verifyMail.text).not.toContain('Ana Kovač');
    const verifyToken = tokenIn(verifyMail, '/sl/verify-email');
    expect(verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Not verified yet: a wrong password is the usual 401, the right one says what is missing.
    await fails(401, 'invalid_credentials', login('ana.kovac@example.si', 'not the password at all'));
    await fails(403, 'not_verified', login('ana.kovac@example.si', password));

    expect(await ok(200, statusSchema, call('POST', 'auth/verify-email?lang=sl', { body: { token: verifyToken } }))).toEqual({ status: 'verified' });
    // Used again: single-use still, and it says the address is verified already (issue 26, point 8).
    expect(await ok(200, statusSchema, call('POST', 'auth/verify-email?lang=sl', { body: { token: verifyToken } }))).toEqual({ status: 'already_verified' });

    const before = Date.now();
    const session = await ok(200, sessionSchema, login('ANA.KOVAC@example.si', password));
    secrets.add(session.token);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(session.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(session.user).toMatchObject({ email: 'ana.kovac@example.si', name: 'Ana Kovač', phone: '', town: '' });
    // Only the token's hash is stored.
    const stored = db.prepare('SELECT token_hash FROM sessions WHERE user_id = ?').all(session.user.id) as { token_hash: string }[];
    expect(stored).toEqual([{ token_hash: sha256(session.token) }]);

    const account = await ok(200, accountUserSchema, call('GET', 'account?lang=sl', { session: session.token }));
    expect(account).toEqual(session.user);

    const profile = { name: 'Ana Kovač Novak', phone: '+386 41 555 123', streetAddress: 'Prešernova 5', postalCode: '2390', town: 'Ravne na Koroškem' };
    secrets.add(profile.phone);
    const updated = await ok(
      200,
      accountUserSchema,
      call('PUT', 'account?lang=sl', { session: session.token, body: { ...profile, email: 'evil@example.org', id: 99 } }),
    );
    expect(updated).toEqual({ ...account, ...profile });
    expect(await ok(200, accountUserSchema, call('GET', 'account', { session: session.token }))).toEqual(updated);

    // A second session (another device) ends when the password changes; the current one stays.
    const other = await signIn('ana.kovac@example.si', password);
    const newPassword = 'Žaluzije in markize 2025';
    secrets.add(newPassword);
    await fails(
      400,
      'wrong_password',
      call('PUT', 'account/password?lang=sl', { session: session.token, body: { currentPassword: 'wrong guess here', newPassword } }),
    );
    const changed = await call('PUT', 'account/password?lang=sl', { session: session.token, body: { currentPassword: password, newPassword } });
    expect({ status: changed.status, body: changed.body }).toEqual({ status: 204, body: null });
    await ok(200, accountUserSchema, call('GET', 'account', { session: session.token }));
    await fails(401, 'unauthorized', call('GET', 'account', { session: other }));

    const notice = await oneMail('ana.kovac@example.si');
    expect(notice.subject).toBe('Senčila Zorko: vaše geslo je bilo spremenjeno');
    expect(notice.text).toContain(`${SITE_URL}/sl/password-reset\n`);
    expect(notice.text).toContain('info@sencila-zorko.si');

    await fails(401, 'invalid_credentials', login('ana.kovac@example.si', password));
    const again = await signIn('ana.kovac@example.si', newPassword);

    const out = await call('POST', 'auth/logout?lang=sl', { session: session.token, body: {} });
    expect({ status: out.status, body: out.body }).toEqual({ status: 204, body: null });
    await fails(401, 'unauthorized', call('GET', 'account', { session: session.token }));
    expect((await call('POST', 'auth/logout', { session: session.token })).status).toBe(204);
    await ok(200, accountUserSchema, call('GET', 'account', { session: again }));
  });

  it('stores a stronger hash at the next login when the scrypt parameters have been raised', async () => {
    const user = await verifiedUser();
    const weak = await hashPassword(user.password, { ln: 10, r: 8, p: 1 });
    db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(weak, user.email);
    await signIn(user.email, user.password);
    const stored = db.prepare('SELECT password_hash FROM users WHERE email = ?').pluck().get(user.email) as string;
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
    await signIn(user.email, user.password);
  });

  it('refuses account calls without a live session', async () => {
    await fails(401, 'unauthorized', call('GET', 'account'));
    await fails(401, 'unauthorized', call('GET', 'account', { session: 'A'.repeat(43) }));
    await fails(401, 'unauthorized', call('PUT', 'account', { session: 'not a token', body: {} }));
    await fails(401, 'unauthorized', call('PUT', 'account/password', { body: { currentPassword: 'x', newPassword: 'y'.repeat(12) } }));

    const user = await verifiedUser();
    const token = await signIn(user.email, user.password);
    db.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?').run(hourAgo(), sha256(token));
    await fails(401, 'unauthorized', call('GET', 'account', { session: token }));
  });
});

describe('accounts: no answer tells whether an address has an account', () => {
  it('answers registration, resend and reset identically for known and unknown addresses', async () => {
    const known = await verifiedUser();
    const unverified = newUser();
    await ok(202, authAcceptedSchema, register(unverified.email, unverified.password));
    await newMails(1);
    const fresh = newUser();
    const nobody = newUser();

    const same = async (answers: Promise<Answer>[]) => {
      const seen = (await Promise.all(answers)).map((a) => ({ status: a.status, body: a.body, type: a.headers.get('content-type') }));
      for (const answer of seen) expect(answer).toEqual(seen[0]);
      expect(authAcceptedSchema.parse(seen[0]!.body)).toEqual({ status: 'accepted' });
      expect(seen[0]!.status).toBe(202);
    };
    await same([known.email, fresh.email].map((email) => register(email, 'Another password 1', 'Mallory')));
    await same([known.email, unverified.email, nobody.email].map((email) => call('POST', 'auth/resend-verification?lang=en', { body: { email } })));
    await same([known.email, nobody.email].map((email) => call('POST', 'auth/password-reset?lang=de', { body: { email } })));

    // The mails tell the owners what happened; an address without an account gets nothing.
    const mails = await newMails(4);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [known.email, 'Senčila Zorko: someone tried to register with your email address'],
        [known.email, 'Senčila Zorko: Passwort zurücksetzen'],
        [fresh.email, 'Senčila Zorko: please confirm your email address'],
        [unverified.email, 'Senčila Zorko: please confirm your email address'],
      ].sort(),
    );
    const attempt = mails.find((m) => m.subject.includes('someone tried'))!;
    expect(attempt.text).toContain(`${SITE_URL}/en/login\n`);
    expect(attempt.text).toContain(`${SITE_URL}/en/password-reset\n`);
    expect(attempt.text).not.toContain('token=');
    for (const mail of mails) expect(mail.text).not.toContain('Mallory');
    expect(db.prepare('SELECT count(*) AS n FROM users WHERE email = ?').get(nobody.email)).toEqual({ n: 0 });
    // The known account kept its password.
    await signIn(known.email, known.password);
    await expectNoNewMail();
  });

  it('answers a login for an unknown address like a wrong password, in about the same time', async () => {
    const known = await verifiedUser();
    const unknown = newUser();
    const wrong = 'Wrong password here';

    const a = await fails(401, 'invalid_credentials', login(known.email, wrong));
    const b = await fails(401, 'invalid_credentials', login(unknown.email, wrong));
    expect(b.body).toEqual(a.body);

    const time = async (email: string) => {
      const start = performance.now();
      await login(email, wrong);
      return performance.now() - start;
    };
    // A successful login in between keeps the known account away from its lockout.
    const knownTimes = [await time(known.email), await time(known.email)];
    await signIn(known.email, known.password);
    const unknownTimes = [await time(unknown.email), await time(unknown.email)];
    // Without the dummy hash an unknown address would answer in a couple of milliseconds.
    expect(Math.min(...unknownTimes)).toBeGreaterThan(Math.min(...knownTimes) * 0.4);
  });
});

describe('accounts: tokens', () => {
  it('verification links are single-use and expire after 48 hours', async () => {
    const user = newUser();
    await ok(202, authAcceptedSchema, register(user.email, user.password));
    const first = tokenIn(await oneMail(user.email), '/en/verify-email');
    const stored = db.prepare('SELECT kind, created_at, expires_at FROM user_tokens WHERE token_hash = ?').get(sha256(first)) as {
      kind: string;
      created_at: string;
      expires_at: string;
    };
    expect(stored.kind).toBe('verify');
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(48 * 60 * 60_000);

    db.prepare('UPDATE user_tokens SET expires_at = ? WHERE token_hash = ?').run(hourAgo(), sha256(first));
    await fails(400, 'invalid_token', call('POST', 'auth/verify-email', { body: { token: first } }));
    await fails(403, 'not_verified', login(user.email, user.password));

    // A new link on request; once used, it is spent.
    await ok(202, authAcceptedSchema, call('POST', 'auth/resend-verification?lang=de', { body: { email: user.email } }));
    const resent = await oneMail(user.email);
    expect(resent.subject).toBe('Senčila Zorko: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const second = tokenIn(resent, '/de/verify-email');
    await ok(200, statusSchema, call('POST', 'auth/verify-email', { body: { token: second } }));
    expect(await ok(200, statusSchema, call('POST', 'auth/verify-email', { body: { token: second } }))).toEqual({ status: 'already_verified' });
    // The expired first link of an address verified since: verified, said so too.
    expect(await ok(200, statusSchema, call('POST', 'auth/verify-email', { body: { token: first } }))).toEqual({ status: 'already_verified' });
    await signIn(user.email, user.password);

    // Verified accounts get no further verification mail.
    await ok(202, authAcceptedSchema, call('POST', 'auth/resend-verification?lang=de', { body: { email: user.email } }));
    await expectNoNewMail();
  });

  it('a token works only for its own purpose, and a malformed one is a bad request', async () => {
    const user = newUser();
    await ok(202, authAcceptedSchema, register(user.email, user.password));
    const verifyToken = tokenIn(await oneMail(user.email), '/en/verify-email');
    await fails(400, 'invalid_token', call('POST', 'auth/password-reset/confirm', { body: { token: verifyToken, password: 'A brand new password' } }));
    await fails(400, 'invalid_token', call('POST', 'auth/verify-email', { body: { token: 'x'.repeat(43) } }));
    const bad = await fails(400, 'bad_request', call('POST', 'auth/verify-email', { body: { token: 'short' } }));
    expect(bad.body).toEqual({ error: 'bad_request', fields: { token: 'form.errors.token' } });
  });

  it('reset links expire after an hour and are single-use', async () => {
    const user = await verifiedUser();
    await ok(202, authAcceptedSchema, call('POST', 'auth/password-reset?lang=en', { body: { email: user.email } }));
    const token = tokenIn(await oneMail(user.email), '/en/password-reset');
    const row = db.prepare('SELECT created_at, expires_at FROM user_tokens WHERE token_hash = ?').get(sha256(token)) as {
      created_at: string;
      expires_at: string;
    };
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);
    const status = async (token: string) => (await ok(200, resetLinkStatusSchema, call('POST', 'auth/password-reset/status', { body: { token } }))).status;
    // Asked as often as the page is opened: it spends nothing.
    expect([await status(token), await status(token)]).toEqual(['usable', 'usable']);
    db.prepare('UPDATE user_tokens SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 1000).toISOString(), sha256(token));
    expect(await status(token)).toBe('invalid');
    await fails(400, 'invalid_token', call('POST', 'auth/password-reset/confirm', { body: { token, password: 'A brand new password' } }));
    expect(await status('z'.repeat(43))).toBe('invalid');
    await fails(400, 'bad_request', call('POST', 'auth/password-reset/status', { body: { token: 'short' } }));
    await signIn(user.email, user.password);
  });
});

describe('accounts: password reset', () => {
  it('sets the password, ends every session, spends the token and sends a notice', async () => {
    const user = await verifiedUser();
    const phone = await signIn(user.email, user.password);
    const laptop = await signIn(user.email, user.password);

    await ok(202, authAcceptedSchema, call('POST', 'auth/password-reset?lang=de', { body: { email: user.email } }));
    const mail = await oneMail(user.email);
    expect(mail.subject).toBe('Senčila Zorko: Passwort zurücksetzen');
    expect(mail.text).toContain('eine Stunde gültig');
    const token = tokenIn(mail, '/de/password-reset');

    const password = 'Neues Passwort für Rollläden';
    secrets.add(password);
    await fails(400, 'bad_request', call('POST', 'auth/password-reset/confirm?lang=de', { body: { token, password: 'short' } }));
    expect(await ok(200, statusSchema, call('POST', 'auth/password-reset/confirm?lang=de', { body: { token, password } }))).toEqual({
      status: 'password_changed',
    });
    await fails(401, 'unauthorized', call('GET', 'account', { session: phone }));
    await fails(401, 'unauthorized', call('GET', 'account', { session: laptop }));
    // Used again: refused, and said to be used (409), not "invalid"; the password stays the one set.
    await fails(409, 'token_used', call('POST', 'auth/password-reset/confirm?lang=de', { body: { token, password: 'Yet another password' } }));
    expect(await ok(200, resetLinkStatusSchema, call('POST', 'auth/password-reset/status', { body: { token } }))).toEqual({ status: 'used' });

    const notice = await oneMail(user.email);
    expect(notice.subject).toBe('Senčila Zorko: Ihr Passwort wurde geändert');

    await fails(401, 'invalid_credentials', login(user.email, user.password));
    await signIn(user.email, password);
  });

  it('verifies an address that was never verified and spends its verification link', async () => {
    const user = newUser();
    await ok(202, authAcceptedSchema, register(user.email, user.password));
    const verifyToken = tokenIn(await oneMail(user.email), '/en/verify-email');
    await ok(202, authAcceptedSchema, call('POST', 'auth/password-reset?lang=en', { body: { email: user.email } }));
    const token = tokenIn(await oneMail(user.email), '/en/password-reset');
    const password = 'Fresh password for screens';
    secrets.add(password);
    await ok(200, statusSchema, call('POST', 'auth/password-reset/confirm?lang=en', { body: { token, password } }));
    await oneMail(user.email);
    // The reset proved the inbox; the old verification link is spent with it, and says the address is verified.
    expect(await ok(200, statusSchema, call('POST', 'auth/verify-email', { body: { token: verifyToken } }))).toEqual({ status: 'already_verified' });
    await signIn(user.email, password);
  });

  it('sends at most three mails of a kind to an address per hour', async () => {
    const user = await verifiedUser();
    for (let i = 0; i < 5; i++) await ok(202, authAcceptedSchema, call('POST', 'auth/password-reset?lang=en', { body: { email: user.email } }));
    const mails = await newMails(3);
    expect(mails.map((m) => m.to)).toEqual([user.email, user.email, user.email]);
    await expectNoNewMail();
  });
});

// Every attempt costs a password hash (scrypt, a third of a second of one core, one at a time), and
// these tests make dozens.
describe('accounts: login limits', { timeout: 120_000 }, () => {
  const STRANGER = '198.51.100.23';
  const OWNER = '203.0.113.50';
  let addressCount = 0;
  /** A client address no other test has used, so each test starts with its buckets empty. */
  const freshAddress = () => `192.0.2.${++addressCount}`;

  function unlockTokenIn(mail: Mail): string {
    const match = new RegExp(`${SITE_URL.replace(/\./g, '\\.')}/en/login\\?unlock=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (!match) throw new Error(`no unlock link in: ${mail.text}`);
    secrets.add(match[1]!);
    return match[1]!;
  }

  it("a stranger's five wrong passwords do not keep the owner out: the owner signs in from their own address", async () => {
    const user = await verifiedUser();
    for (let i = 0; i < 5; i++) await fails(401, 'invalid_credentials', login(user.email, `stranger guess ${i}`, STRANGER));
    const slowed = await fails(429, 'too_many_attempts', login(user.email, `stranger guess 5`, STRANGER));
    expect(slowed.headers.get('retry-after')).toBe(String((slowed.body as { retryAfter: number }).retryAfter));
    await signIn2(user, OWNER);
    // The stranger met a limit: the owner is told, with a link (consumed here so later tests see no stray mail).
    const mail = await oneMail(user.email);
    expect(mail.subject).toBe('Senčila Zorko: failed sign-ins to your account');
    unlockTokenIn(mail);
  });

  it('slows an address down rather than locking it: 30 s after the fifth failure, doubling', async () => {
    const user = await verifiedUser();
    const from = freshAddress();
    for (let i = 0; i < 5; i++) await fails(401, 'invalid_credentials', login(user.email, `wrong ${i}`, from));
    const first = await fails(429, 'too_many_attempts', login(user.email, user.password, from));
    const wait = (first.body as { retryAfter: number }).retryAfter;
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    await oneMail(user.email);

    // Thirty seconds later (moved in the database) one more attempt is let through; after a sixth failure the wait is 60 s.
    const pairKey = sha256(`login-pair:${user.email}\n${from}`);
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    db.prepare('UPDATE login_limits SET at = ? WHERE key = ?').run(past(30_000), pairKey);
    await fails(401, 'invalid_credentials', login(user.email, 'wrong 6', from));
    const second = await fails(429, 'too_many_attempts', login(user.email, user.password, from));
    expect((second.body as { retryAfter: number }).retryAfter).toBeGreaterThan(55);
    expect((second.body as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60);

    // Once the wait is over the right password works, and starts the count afresh.
    db.prepare('UPDATE login_limits SET at = ? WHERE key = ?').run(past(60_000), pairKey);
    await signIn2(user, from);
    for (let i = 0; i < 5; i++) await fails(401, 'invalid_credentials', login(user.email, `fresh ${i}`, from));
  });

  it('answers an unknown address exactly as a known one: statuses, waits and headers', async () => {
    const known = await verifiedUser();
    const unknown = newUser();
    const run = async (email: string) => {
      const from = freshAddress();
      const answers: unknown[] = [];
      for (let i = 0; i < 7; i++) {
        const a = await login(email, `guess ${i}`, from);
        const { retryAfter, ...rest } = a.body as { retryAfter?: number };
        // The wait is counted in whole seconds from the last attempt, so it may differ by one between runs.
        answers.push({
          status: a.status,
          body: rest,
          waits: retryAfter !== undefined && String(retryAfter) === a.headers.get('retry-after') && retryAfter >= 28,
        });
      }
      return answers;
    };
    const a = await run(known.email);
    const b = await run(unknown.email);
    expect(b).toEqual(a);
    expect(a.map((x) => (x as { status: number }).status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(a.map((x) => (x as { waits: boolean }).waits)).toEqual([false, false, false, false, false, true, true]);
    // Only the owner of the known address hears of it.
    await oneMail(known.email);
  });

  it('counts parallel guesses before checking them', async () => {
    const user = await verifiedUser();
    const from = freshAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(user.email, `parallel guess ${i}`, from)));
    expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    await fails(429, 'too_many_attempts', login(user.email, user.password, from));
    await oneMail(user.email);
  });

  it('an address that fails 100 times across accounts waits, whoever it signs in as; other addresses do not', async () => {
    const user = await verifiedUser();
    const from = freshAddress();
    // A full bucket for this address, as a hundred failures in the last minutes would leave it.
    db.prepare('INSERT INTO login_limits (key, count, at) VALUES (?, 100, ?)').run(sha256(`login-address:${from}`), new Date().toISOString());
    const refused = await fails(429, 'too_many_attempts', login(user.email, user.password, from));
    expect((refused.body as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(36);
    await fails(429, 'too_many_attempts', login(newUser().email, 'anything at all', from));
    await signIn2(user, freshAddress());

    // The owner's mailed link gets them in from that address at once.
    const token = unlockTokenIn(await oneMail(user.email));
    const session = await ok(200, sessionSchema, login(user.email, user.password, from, token));
    secrets.add(session.token);
  });

  it('the unlock link works once, only for its account, and expires after an hour', async () => {
    const user = await verifiedUser();
    const other = await verifiedUser();
    const from = freshAddress();
    for (let i = 0; i < 6; i++) await login(user.email, `guess ${i}`, from);
    const mail = await oneMail(user.email);
    expect(mail.text).toContain('one hour');
    const token = unlockTokenIn(mail);
    const row = db.prepare('SELECT created_at, expires_at, used_at FROM unlock_tokens WHERE token_hash = ?').get(sha256(token)) as {
      created_at: string;
      expires_at: string;
      used_at: string | null;
    };
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60_000);

    // Someone else's account: the token is no help, and is not spent.
    const otherFrom = freshAddress();
    for (let i = 0; i < 5; i++) await login(other.email, `guess ${i}`, otherFrom);
    await fails(429, 'too_many_attempts', login(other.email, other.password, otherFrom, token));
    await oneMail(other.email);

    // Its own account: through at once, and spent.
    await ok(200, sessionSchema, login(user.email, user.password, from, token));
    expect(db.prepare('SELECT used_at FROM unlock_tokens WHERE token_hash = ?').pluck().get(sha256(token))).not.toBeNull();
    for (let i = 0; i < 5; i++) await login(user.email, `again ${i}`, from);
    await fails(429, 'too_many_attempts', login(user.email, user.password, from, token));
  });

  it('an expired unlock link is as good as none', async () => {
    const from = freshAddress();
    const third = await verifiedUser();
    for (let i = 0; i < 6; i++) await login(third.email, `guess ${i}`, from);
    const expired = unlockTokenIn(await oneMail(third.email));
    db.prepare('UPDATE unlock_tokens SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 1000).toISOString(), sha256(expired));
    await fails(429, 'too_many_attempts', login(third.email, third.password, from, expired));
    // A token of the wrong shape is refused as a bad request, like any malformed field.
    await fails(400, 'bad_request', login(third.email, third.password, from, 'short'));
  });

  it('ten failures from many addresses mail the owner, and refuse no one', async () => {
    const user = await verifiedUser();
    for (let i = 0; i < 10; i++) await fails(401, 'invalid_credentials', login(user.email, `spread guess ${i}`, freshAddress()));
    unlockTokenIn(await oneMail(user.email));
    await signIn2(user, freshAddress());
  });

  it('a wrong current password counts towards the same limits', async () => {
    const user = await verifiedUser();
    const from = freshAddress();
    const session = await signIn2(user, from);
    const change = (currentPassword: string) =>
      call('PUT', 'account/password', { session, from, body: { currentPassword, newPassword: 'Whatever new password' } });
    for (let i = 0; i < 5; i++) await fails(400, 'wrong_password', change(`guess ${i}`));
    await fails(429, 'too_many_attempts', change(user.password));
    await fails(429, 'too_many_attempts', login(user.email, user.password, from));
    await oneMail(user.email);
    await signIn2(user, freshAddress());
  });
});

describe('accounts: whose X-Forwarded-For counts', { timeout: 120_000 }, () => {
  const guesses = async (url: string, email: string, from: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(new URL('auth/login', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email, password: `guess ${i}` }),
      });
      statuses.push(res.status);
    }
    return statuses;
  };
  const attempt = async (url: string, email: string, from: string) =>
    (
      await fetch(new URL('auth/login', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email, password: 'one more' }),
      })
    ).status;

  it('a trusted BFF (loopback by default) names each visitor; anyone else is counted by the address they connect from', async () => {
    const email = newUser().email;
    // Trusted: five failures from one visitor leave another visitor free.
    expect(await guesses(cms.url, email, '198.51.100.61')).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt(cms.url, email, '198.51.100.62')).toBe(401);

    // Not trusted (the content API believes only 192.0.2.254): the header is ignored, so the second
    // "visitor" is the same connection and waits.
    const dir = mkdtempSync(join(tmpdir(), 'cms-untrusted-'));
    const untrusted = await startCms({
      dataDir: dir,
      port: 0,
      contentDir: CONTENT_DIR,
      logger: pino({ level: 'silent' }),
      siteUrl: SITE_URL,
      trustProxy: '192.0.2.254',
    });
    try {
      expect(await guesses(untrusted.url, email, '198.51.100.61')).toEqual([401, 401, 401, 401, 401]);
      expect(await attempt(untrusted.url, email, '198.51.100.62')).toBe(429);
    } finally {
      await untrusted.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Signs in from a given client address. */
async function signIn2(user: { email: string; password: string }, from: string): Promise<string> {
  const session = await ok(200, sessionSchema, login(user.email, user.password, from));
  secrets.add(session.token);
  return session.token;
}

describe('accounts: bad requests', () => {
  it('validates bodies with the form schemas and drops unknown fields', async () => {
    const missing = await fails(400, 'bad_request', call('POST', 'auth/register?lang=en', { body: { email: 'not-an-address', name: '' } }));
    expect(missing.body).toMatchObject({ fields: { email: 'form.errors.email', name: 'form.errors.required', password: expect.any(String) } });
    await fails(400, 'bad_request', call('POST', 'auth/register?lang=en', { body: { email: 'a@example.org', password: 'short', name: 'A' } }));
    await fails(400, 'bad_request', call('POST', 'auth/login', { body: { email: 'a@example.org' } }));
    await fails(400, 'bad_request', call('POST', 'auth/login', { raw: '{"email": ' }));
    await fails(400, 'bad_request', call('POST', 'auth/register?lang=xx', { body: { email: 'a@example.org', password: 'long enough pass', name: 'A' } }));

    const user = await verifiedUser();
    const session = await signIn(user.email, user.password);
    const profile = await fails(
      400,
      'bad_request',
      call('PUT', 'account', { session, body: { name: 'A', phone: 'call me maybe', streetAddress: '', postalCode: '', town: '' } }),
    );
    expect(profile.body).toEqual({ error: 'bad_request', fields: { phone: 'form.errors.phone' } });
  });

  it('refuses bodies over 16 kB', async () => {
    const big = await call('POST', 'auth/login', { body: { email: 'a@example.org', password: 'x', filler: 'y'.repeat(17 * 1024) } });
    expect(big.status).toBe(413);
    const fine = await call('POST', 'auth/login', { body: { email: 'nobody@example.org', password: 'x', filler: 'y'.repeat(15 * 1024) } });
    expect(fine.status).toBe(401);
  });
});

describe('accounts: logs', () => {
  it('never hold an address, a name, a password or a token', async () => {
    // Everything above has run on this CMS; the last mails go out (and are logged) first.
    await until('every queued mail is sent', () => mailQueued() === 0);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('"mail sent"'))).toBe(true);
    const all = logLines.join('\n').toLowerCase();
    const leaks = [...secrets].filter((secret) => all.includes(secret.toLowerCase()));
    expect(leaks).toEqual([]);
    expect(all).not.toMatch(/[a-z0-9.]+@example\.(org|si)/);
    expect(all).not.toContain('ana kova');
  });
});
