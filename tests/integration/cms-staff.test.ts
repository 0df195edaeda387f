import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSubmissionSchema, sessionSchema, submissionAckSchema } from '../../shared/api/contract';
import {
  leadDetailSchema,
  leadPageSchema,
  staffAuditPageSchema,
  staffEnrolledSchema,
  staffInvitationSchema,
  staffLoginStepSchema,
  staffMemberSchema,
  staffTeamSchema,
} from '../../shared/api/staff';
import { hashPassword } from '../../server/cms/accounts/passwords';
import { startCms, type RunningCms } from '../../server/cms/server';
import { waitForMail } from '../support/mail';
import { acceptAndEnrol, appCode, inviteFromCommandLine, signIn, tokenOf, type Enrolled } from '../support/staff';

/**
 * The staff endpoints of the content API over HTTP (shared/api/staff.ts): the first owner from the
 * command line, invitations, sign-in with a password and an authenticator code, roles, the audit log,
 * and the leads' inbox. The content API runs on a clock the test moves, so every sign-in can use a
 * time step no code was accepted for yet, and idleness and expiry are a move of the clock away.
 */

const CONTENT_DIR = resolve(process.cwd(), 'content');
const SITE_URL = 'https://www.sencila.test';
const PASSWORD = 'a long staff password';
const OPS_TOKEN = 'ops-token-for-the-staff-tests-0123456789';

let dataDir: string;
let cms: RunningCms;
let db: Database.Database;
let clock = Date.now();
/** Moves the content API's clock on by a time step and more, so the next code is one never used. */
const nextStep = () => new Date((clock += 31_000));
const logLines: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cms-staff-'));
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  cms = await startCms({
    dataDir,
    port: 0,
    contentDir: CONTENT_DIR,
    logger,
    siteUrl: SITE_URL,
    mail: { from: 'Senčila <no-reply@sencila.test>' },
    opsToken: OPS_TOKEN,
    now: () => new Date(clock),
  });
  db = new Database(join(dataDir, 'cms.sqlite'));
});

afterAll(async () => {
  db?.close();
  await cms?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: unknown; headers: Headers; text: string };

async function call(method: 'GET' | 'POST' | 'PUT', path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, cms.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}
const post = (path: string, body: unknown, token?: string) => call('POST', path, { body, token });
const get = (path: string, token?: string) => call('GET', path, { token });

/** An inquiry as the BFF's outbox delivers it. */
async function sendInquiry(email: string | undefined, extra: Record<string, unknown> = {}): Promise<string> {
  const body = {
    offerType: 'tende',
    system: 'kasetna',
    width: 400,
    length: 250,
    amount: 1,
    nameAndSurname: 'Marta Žnidaršič',
    email,
    phone: '+386 41 222 333',
    streetAddress: 'Cankarjeva 3',
    postalCode: '1000',
    town: 'Ljubljana',
    message: 'Zanima me tenda za teraso.',
    terms: true,
    ...extra,
  };
  const res = await fetch(new URL('forms/inquiry?lang=de', cms.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `inquiry:id:${randomUUID()}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return submissionAckSchema.parse(await res.json()).id;
}

let owner: Enrolled & { email: string };
let ownerToken: string;

describe('the first owner', () => {
  it('joins by the command line’s link, sets up the app and gets a session and ten recovery codes', async () => {
    const link = await inviteFromCommandLine(dataDir, 'lastnik@sencila.test', 'owner', SITE_URL);
    expect(link.startsWith(`${SITE_URL}/admin/invitation?token=`)).toBe(true);
    const invitation = staffInvitationSchema.parse((await get(`staff/auth/invitation?token=${tokenOf(link)}`)).body);
    expect(invitation).toMatchObject({ email: 'lastnik@sencila.test', role: 'owner' });

    // The app is proved with a code before anything is kept; a wrong one changes nothing.
    const step = staffLoginStepSchema.parse((await post('staff/auth/invitation', { token: tokenOf(link), name: 'Lana Lastnik', password: PASSWORD })).body);
    expect(step.step).toBe('enrol');
    if (step.step !== 'enrol') return;
    expect(step.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect((await post('staff/auth/enrol', { challenge: step.challenge, code: '000000' })).status).toBe(401);
    const enrolled = await post('staff/auth/enrol', { challenge: step.challenge, code: appCode(step.secret, new Date(clock)) });
    expect(enrolled.status).toBe(200);
    const session = staffEnrolledSchema.parse(enrolled.body);
    expect(session.recoveryCodes).toHaveLength(10);
    expect(new Set(session.recoveryCodes).size).toBe(10);
    owner = { ...session, secret: step.secret, email: 'lastnik@sencila.test' };
    ownerToken = session.token;
    expect(staffMemberSchema.parse((await get('staff/me', ownerToken)).body)).toMatchObject({ role: 'owner', enrolled: true, name: 'Lana Lastnik' });

    // Spent: the link works once.
    expect((await get(`staff/auth/invitation?token=${tokenOf(link)}`)).status).toBe(404);
    expect((await post('staff/auth/invitation', { token: tokenOf(link), name: 'Someone', password: PASSWORD })).status).toBe(400);
  });
});

describe('sign-in', () => {
  it('takes the password and then a code; a wrong code and a replayed one are refused', async () => {
    const wrongPassword = await post('staff/auth/login', { email: owner.email, password: 'not the password' });
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'invalid_credentials' } });
    // An unknown address is answered the same.
    expect((await post('staff/auth/login', { email: 'nobody@sencila.test', password: PASSWORD })).body).toEqual({ error: 'invalid_credentials' });

    const at = nextStep();
    const step = staffLoginStepSchema.parse((await post('staff/auth/login', { email: owner.email, password: PASSWORD })).body);
    expect(step.step).toBe('code');
    expect((await post('staff/auth/code', { challenge: step.challenge, code: '123456' })).status).toBe(401);
    const code = appCode(owner.secret, at);
    const session = await post('staff/auth/code', { challenge: step.challenge, code });
    expect(session.status).toBe(200);
    // The challenge is spent, and the same code is refused on a fresh challenge (a replay).
    expect((await post('staff/auth/code', { challenge: step.challenge, code })).status).toBe(401);
    const again = staffLoginStepSchema.parse((await post('staff/auth/login', { email: owner.email, password: PASSWORD })).body);
    expect((await post('staff/auth/code', { challenge: again.challenge, code })).status).toBe(401);
  });

  it('takes a recovery code once instead of the app’s', async () => {
    const step = staffLoginStepSchema.parse((await post('staff/auth/login', { email: owner.email, password: PASSWORD })).body);
    const code = owner.recoveryCodes[0]!;
    expect((await post('staff/auth/code', { challenge: step.challenge, code: code.toUpperCase() })).status).toBe(200);
    const next = staffLoginStepSchema.parse((await post('staff/auth/login', { email: owner.email, password: PASSWORD })).body);
    expect((await post('staff/auth/code', { challenge: next.challenge, code })).status).toBe(401);
  });

  it('spends a challenge after five wrong codes', async () => {
    const at = nextStep();
    const step = staffLoginStepSchema.parse((await post('staff/auth/login', { email: owner.email, password: PASSWORD })).body);
    for (let i = 0; i < 5; i++) expect((await post('staff/auth/code', { challenge: step.challenge, code: `99999${i}` })).status).toBe(401);
    expect((await post('staff/auth/code', { challenge: step.challenge, code: appCode(owner.secret, at) })).status).toBe(401);
  });

  it('ends a session after its idle period, and every session on “sign out everywhere”', async () => {
    const a = await signIn(post, owner.email, PASSWORD, owner.secret, nextStep());
    const b = await signIn(post, owner.email, PASSWORD, owner.secret, nextStep());
    expect((await get('staff/me', a.token)).status).toBe(200);
    clock += 31 * 60_000;
    expect((await get('staff/me', a.token)).status).toBe(401);
    const c = await signIn(post, owner.email, PASSWORD, owner.secret, nextStep());
    expect((await post('staff/auth/logout-everywhere', {}, c.token)).status).toBe(204);
    expect((await get('staff/me', c.token)).status).toBe(401);
    expect((await get('staff/me', b.token)).status).toBe(401);
    ownerToken = (await signIn(post, owner.email, PASSWORD, owner.secret, nextStep())).token;
  });
});

/** An invitation an owner sends: the link read from the mail, as the invited person reads it. */
async function invited(email: string, role: 'sales' | 'editor' | 'owner'): Promise<Enrolled & { email: string; token: string }> {
  expect((await post('staff/invitations', { email, role }, ownerToken)).status).toBe(201);
  const mail = await waitForMail(dataDir, email, '/admin/invitation?token=');
  const token = /\/admin\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  const enrolled = await acceptAndEnrol(post, token, `${role} member`, PASSWORD, nextStep());
  return { ...enrolled, email, token: enrolled.token };
}

describe('roles and the team', () => {
  let sales: Awaited<ReturnType<typeof invited>>;
  let editor: Awaited<ReturnType<typeof invited>>;

  beforeAll(async () => {
    sales = await invited('prodaja@sencila.test', 'sales');
    editor = await invited('urednik@sencila.test', 'editor');
  });

  it('lets owners manage staff and read the audit log, sales work leads, editors neither', async () => {
    expect((await get('staff/members', ownerToken)).status).toBe(200);
    expect((await get('staff/audit', ownerToken)).status).toBe(200);
    expect((await get('staff/leads', ownerToken)).status).toBe(200);

    expect((await get('staff/leads', sales.token)).status).toBe(200);
    expect((await get('staff/members', sales.token)).body).toEqual({ error: 'forbidden' });
    expect((await post('staff/invitations', { email: 'x@sencila.test', role: 'owner' }, sales.token)).status).toBe(403);
    expect((await get('staff/audit', sales.token)).status).toBe(403);

    for (const path of ['staff/leads', 'staff/leads.csv', 'staff/assignees']) expect((await get(path, editor.token)).status, path).toBe(403);
    expect((await get('staff/me', editor.token)).status).toBe(200);
  });

  it('refuses an invitation once it has expired', async () => {
    expect((await post('staff/invitations', { email: 'pozen@sencila.test', role: 'sales' }, ownerToken)).status).toBe(201);
    const mail = await waitForMail(dataDir, 'pozen@sencila.test', '/admin/invitation?token=');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    clock += 73 * 60 * 60_000;
    expect((await get(`staff/auth/invitation?token=${token}`)).status).toBe(404);
    expect((await post('staff/auth/invitation', { token, name: 'Late', password: PASSWORD })).status).toBe(400);
    // Sessions idled meanwhile: everyone signs in again.
    ownerToken = (await signIn(post, owner.email, PASSWORD, owner.secret, nextStep())).token;
    sales.token = (await signIn(post, sales.email, PASSWORD, sales.secret, nextStep())).token;
  });

  it('never lets the last owner go, and ends a disabled member’s sessions', async () => {
    const me = staffMemberSchema.parse((await get('staff/me', ownerToken)).body);
    expect((await call('PUT', `staff/members/${me.id}`, { body: { role: 'sales', disabled: false }, token: ownerToken })).status).toBe(409);
    const team = staffTeamSchema.parse((await get('staff/members', ownerToken)).body);
    const member = team.members.find((m) => m.email === editor.email)!;
    expect((await call('PUT', `staff/members/${member.id}`, { body: { role: 'editor', disabled: true }, token: ownerToken })).status).toBe(200);
    expect((await get('staff/me', editor.token)).status).toBe(401);
    expect((await post('staff/auth/login', { email: editor.email, password: PASSWORD })).body).toEqual({ error: 'invalid_credentials' });
  });

  it('keeps visitors’ sessions and staff sessions apart', async () => {
    const email = 'obiskovalec@sencila.test';
    db.prepare("INSERT INTO users (email, password_hash, name, locale, verified_at, created_at) VALUES (?, ?, 'Obiskovalec', 'sl', ?, ?)").run(
      email,
      await hashPassword(PASSWORD),
      new Date().toISOString(),
      new Date().toISOString(),
    );
    const visitor = sessionSchema.parse((await post('auth/login', { email, password: PASSWORD })).body);
    expect((await get('staff/me', visitor.token)).status).toBe(401);
    expect((await get('staff/leads', visitor.token)).status).toBe(401);
    expect((await get('account', sales.token)).status).toBe(401);
  });

  it('writes who did what, when, to which lead, for owners to read', async () => {
    const page = staffAuditPageSchema.parse((await get('staff/audit', ownerToken)).body);
    const actions = page.items.map((entry) => `${entry.member.name}: ${entry.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'command line: invite',
        'Lana Lastnik: invitation_accepted',
        'Lana Lastnik: enrol',
        'Lana Lastnik: sign_in',
        'Lana Lastnik: sign_in_recovery_code',
        'Lana Lastnik: sign_out_everywhere',
        'Lana Lastnik: invite',
        'sales member: enrol',
        'Lana Lastnik: member_disabled',
      ]),
    );
    // Nothing secret reaches the log: no password, no code, no token.
    expect(JSON.stringify(page)).not.toContain(PASSWORD);
    expect(logLines.join('\n')).not.toContain(PASSWORD);
    expect(logLines.join('\n')).not.toContain(owner.secret);
  });

  describe('leads', () => {
    it('lists every locale’s leads with filters and paging, and finds them by name, phone or town', async () => {
      const ids = [
        await sendInquiry('marta@example.si'),
        await sendInquiry('peter@example.si', { nameAndSurname: 'Peter Klemenčič', town: 'Šmarje pri Jelšah', phone: '041 999 888' }),
      ];
      const all = leadPageSchema.parse((await get('staff/leads?status=new', sales.token)).body);
      expect(all.items.map((lead) => lead.id)).toEqual(expect.arrayContaining(ids));
      expect(all.items[0]).toMatchObject({
        id: ids[1],
        kind: 'inquiry',
        status: 'new',
        locale: 'de',
        offerType: 'tende',
        name: 'Peter Klemenčič',
        assignee: null,
      });
      const byTown = leadPageSchema.parse((await get(`staff/leads?q=${encodeURIComponent('smarje')}`, sales.token)).body);
      expect(byTown.items.map((lead) => lead.id)).toEqual([ids[1]]);
      const byPhone = leadPageSchema.parse((await get('staff/leads?q=041999888', sales.token)).body);
      expect(byPhone.items.map((lead) => lead.id)).toEqual([ids[1]]);
      const paged = leadPageSchema.parse((await get('staff/leads?perPage=1&page=2&kind=inquiry&offerType=tende', sales.token)).body);
      expect(paged).toMatchObject({ page: 2, perPage: 1, total: all.total });
      expect(paged.items.map((lead) => lead.id)).toEqual([ids[0]]);
      expect((await get('staff/leads?status=nonsense', sales.token)).status).toBe(400);
    });

    it('books a visit, sends a quote and replies: the visitor is mailed and sees it in their account', async () => {
      // A visitor with an account sends an inquiry while signed in: their account lists it.
      const email = 'stranka@example.si';
      db.prepare("INSERT INTO users (email, password_hash, name, locale, verified_at, created_at) VALUES (?, ?, 'Stranka', 'de', ?, ?)").run(
        email,
        await hashPassword(PASSWORD),
        new Date().toISOString(),
        new Date().toISOString(),
      );
      const visitor = sessionSchema.parse((await post('auth/login', { email, password: PASSWORD })).body);
      const grant = ((await post('account/submission-grants', {}, visitor.token)).body as { grant: string }).grant;
      const id = await sendInquiry(email, { accountGrant: grant });

      const me = staffMemberSchema.parse((await get('staff/me', sales.token)).body);
      expect(leadDetailSchema.parse((await post(`staff/leads/${id}/assignee`, { memberId: me.id }, sales.token)).body).assignee).toEqual({
        id: me.id,
        name: me.name,
      });
      expect((await post(`staff/leads/${id}/status`, { status: 'visit_booked' }, sales.token)).body).toMatchObject({ fields: { visitAt: 'errors.visitAt' } });
      const booked = leadDetailSchema.parse(
        (await post(`staff/leads/${id}/status`, { status: 'visit_booked', visitAt: '2026-12-03T09:30' }, sales.token)).body,
      );
      expect(booked).toMatchObject({ status: 'visit_booked', visitAt: '2026-12-03T09:30' });
      const visitMail = await waitForMail(dataDir, email, '09:30');
      expect(visitMail).toContain('Donnerstag, 3. Dezember 2026');

      await post(`staff/leads/${id}/notes`, { text: 'Stranka želi sivo barvo.' }, sales.token);
      const replied = leadDetailSchema.parse((await post(`staff/leads/${id}/replies`, { text: 'Gerne kommen wir am Donnerstag vorbei.' }, sales.token)).body);
      expect(replied.history.map((entry) => entry.event.kind)).toEqual(['assign', 'status', 'note', 'reply']);
      expect(replied.history.at(-1)!.event).toMatchObject({ kind: 'reply', mailed: true });
      const replyMail = await waitForMail(dataDir, email, 'Gerne kommen wir');
      expect(replyMail).toMatch(/^Reply-To: .*prodaja@sencila\.test/m);
      await post(`staff/leads/${id}/status`, { status: 'quote_sent' }, sales.token);
      await waitForMail(dataDir, email, 'Angebot');

      const mine = accountSubmissionSchema
        .array()
        .parse((await get('account/submissions', visitor.token)).body)
        .find((s) => s.id === id)!;
      expect(mine).toMatchObject({ status: 'quote_sent', visitAt: '2026-12-03T09:30', replies: [{ text: 'Gerne kommen wir am Donnerstag vorbei.' }] });
      // The internal note is not shown in the account's list; it is in the visitor's copy of their data.
      expect(JSON.stringify(mine)).not.toContain('sivo barvo');
      const exported = (await get('account/export', visitor.token)).body as { submissions: { id: string; notes: { text: string }[] }[] };
      expect(exported.submissions.find((s) => s.id === id)!.notes).toEqual([expect.objectContaining({ text: 'Stranka želi sivo barvo.' })]);

      // A lost lead says why; spam reads as received to its sender.
      expect((await post(`staff/leads/${id}/status`, { status: 'lost' }, sales.token)).body).toMatchObject({ fields: { reason: 'errors.lostReason' } });
      await post(`staff/leads/${id}/status`, { status: 'spam' }, sales.token);
      expect(
        accountSubmissionSchema
          .array()
          .parse((await get('account/submissions', visitor.token)).body)
          .find((s) => s.id === id)!.status,
      ).toBe('received');

      const audit = staffAuditPageSchema.parse((await get(`staff/audit?lead=${id}`, ownerToken)).body);
      expect(audit.items.map((entry) => entry.action).reverse()).toEqual([
        'lead_assigned',
        'lead_status',
        'lead_note',
        'lead_reply',
        'lead_status',
        'lead_status',
      ]);
    });

    it('counts leads by kind and status, the wait for a first contact, and those waiting too long', async () => {
      const metrics = async () => (await fetch(new URL('metrics', cms.url), { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
      const text = await metrics();
      expect(text).toMatch(/^cms_leads\{kind="inquiry",status="new"\} [1-9]\d*$/m);
      expect(text).toMatch(/^cms_leads\{kind="service",status="spam"\} 0$/m);
      // The first lead above was moved on from new once (assigned first, then booked): one wait observed.
      expect(text).toMatch(/^cms_lead_first_contact_seconds_count 1$/m);
      expect(text).toMatch(/^cms_leads_waiting_first_contact_over_two_working_days 0$/m);
      clock += 5 * 24 * 60 * 60_000;
      expect(await metrics()).toMatch(/^cms_leads_waiting_first_contact_over_two_working_days [1-9]\d*$/m);
      expect((await fetch(new URL('metrics', cms.url))).status).toBe(401);
      ownerToken = (await signIn(post, owner.email, PASSWORD, owner.secret, nextStep())).token;
      sales.token = (await signIn(post, sales.email, PASSWORD, sales.secret, nextStep())).token;
    });

    it('exports the filtered list as CSV a spreadsheet opens, with no formula from a visitor', async () => {
      await sendInquiry('formula@example.si', { nameAndSurname: '=HYPERLINK("http://evil.example")', message: 'Vrstica 1;\nvrstica 2' });
      const csv = await get('staff/leads.csv?q=formula', sales.token);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?leads-\d{4}-\d{2}-\d{2}\.csv"?$/);
      const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('ID;Prejeto;Vrsta;Stanje;Izdelek;Ime in priimek;E-pošta;Telefon;Naslov;Pošta;Kraj;Odgovoren;Ogled;Jezik;Sporočilo');
      expect(lines[1]).toContain(';Povpraševanje;Novo;Tende;"\'=HYPERLINK(""http://evil.example"")";formula@example.si;');
      expect(csv.text).toContain('"Vrstica 1;\nvrstica 2"');
      const audit = staffAuditPageSchema.parse((await get('staff/audit', ownerToken)).body);
      expect(audit.items[0]).toMatchObject({ action: 'leads_exported', detail: { count: 1, filters: { q: 'formula' } } });
    });
  });
});
