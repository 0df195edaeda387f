import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { accountMails } from '../../server/cms/accounts/mails';
import { companySettings } from '../../server/cms/company';
import { openDb, type Db } from '../../server/cms/db';
import { mailQueue, type MailQueue, type QueuedMail } from '../../server/cms/mail/queue';
import { renderMail, type MailTemplate, type MailVars } from '../../server/cms/mail/templates';
import { mailSender } from '../../server/cms/mail/sender';
import { createMailTransport, type MailTransport } from '../../server/cms/mail/transport';
import { errorCode, startMailWorker } from '../../server/cms/mail/worker';
import { migrate } from '../../server/cms/migrations';
import { seedContent } from '../../server/cms/seed';
import { loadCmsStrings } from '../../server/cms/strings';
import { readEml } from '../support/eml';
import { mailWords } from '../support/i18n';

const strings = loadCmsStrings();

const CONTENT_DIR = resolve(process.cwd(), 'content');
const ADDRESS = 'owner@example.org';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-mail-'));
  db = openDb(join(dir, 'data'));
  migrate(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function capture() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }) };
}

describe('mail templates', () => {
  const vars: { [T in MailTemplate]: MailVars[T] } = {
    verify_email: { company: 'ACME Senčila', link: 'https://site.test/x/verify-email?token=TOKEN' },
    registration_attempt: { company: 'ACME Senčila', loginLink: 'https://site.test/x/login', resetLink: 'https://site.test/x/password-reset' },
    password_reset: { company: 'ACME Senčila', link: 'https://site.test/x/password-reset?token=TOKEN' },
    password_changed: { company: 'ACME Senčila', resetLink: 'https://site.test/x/password-reset', contactEmail: 'info@site.test' },
    login_unlock: { company: 'ACME Senčila', link: 'https://site.test/x/login?unlock=TOKEN', resetLink: 'https://site.test/x/password-reset' },
    staff_invitation: { company: 'ACME Senčila', link: 'https://site.test/admin/invitation?token=TOKEN', role: 'sales', until: '30 November 2026, 14:00' },
    lead_visit_booked: { company: 'ACME Senčila', when: 'Thursday, 3 December 2026, 09:30', contactPhone: '+386 1 234 56 78', contactEmail: 'info@site.test' },
    lead_quote_sent: { company: 'ACME Senčila', contactPhone: '+386 1 234 56 78', contactEmail: 'info@site.test' },
    lead_reply: { company: 'ACME Senčila', text: 'We can come on Tuesday.\nBest, Ana', member: 'Ana Novak' },
  };

  it.each(LOCALES)('writes every mail in %s with the company and every link', (locale) => {
    for (const template of Object.keys(vars) as MailTemplate[]) {
      const mail = renderMail(strings, template, locale, vars[template] as never);
      expect(mail.subject.startsWith('ACME Senčila: ')).toBe(true);
      expect(mail.text).toContain('ACME Senčila');
      for (const value of Object.values(vars[template])) expect(mail.text, `${locale} ${template}`).toContain(value);
      // Each link stands on a line of its own, so mail clients make it clickable in one piece.
      for (const value of Object.values(vars[template]).filter((v) => v.startsWith('https://'))) {
        expect(mail.text).toMatch(new RegExp(`(^|\\n)${value.replace(/[.?]/g, '\\$&')}\\n`));
      }
      expect(mail.text).not.toMatch(/undefined|\$\{|\{\w+\}|\{\{/);
      // Every paragraph is the locale's mail.json words (filled in) or a link given.
      for (const paragraph of mail.text.trimEnd().split('\n\n'))
        expect(
          mailWords(locale, vars[template]).includes(paragraph) || Object.values(vars[template]).includes(paragraph),
          `${locale} ${template}: ${paragraph}`,
        ).toBe(true);
      expect(mailWords(locale, vars[template])).toContain(mail.subject);
    }
  });

  it('says in each language how long a link lasts', () => {
    expect(renderMail(strings, 'verify_email', 'sl', vars.verify_email).text).toContain('48 ur');
    expect(renderMail(strings, 'verify_email', 'en', vars.verify_email).text).toContain('48 hours');
    expect(renderMail(strings, 'verify_email', 'de', vars.verify_email).text).toContain('48 Stunden');
    expect(renderMail(strings, 'password_reset', 'sl', vars.password_reset).text).toContain('eno uro');
    expect(renderMail(strings, 'password_reset', 'en', vars.password_reset).text).toContain('one hour');
    expect(renderMail(strings, 'password_reset', 'de', vars.password_reset).text).toContain('eine Stunde');
  });
});

describe('account mails', () => {
  it('link to the site screens of the route table, with the company from the settings', () => {
    seedContent(db, CONTENT_DIR);
    const queue = mailQueue(db);
    const mails = accountMails(db, queue, 'https://www.example.si/', strings);
    const now = new Date();
    mails.verifyEmail(ADDRESS, 'de', 'abc_DEF-123', now);
    mails.passwordReset(ADDRESS, 'en', 'tok', now);
    const rows = db.prepare('SELECT recipient, template, subject, text FROM outgoing_mail ORDER BY id').all() as {
      recipient: string;
      template: string;
      subject: string;
      text: string;
    }[];
    expect(rows.map((r) => [r.recipient, r.template])).toEqual([
      [ADDRESS, 'verify_email'],
      [ADDRESS, 'password_reset'],
    ]);
    expect(rows[0]!.text).toContain('https://www.example.si/de/verify-email?token=abc_DEF-123\n');
    expect(rows[0]!.subject).toBe('Senčila Zorko: Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(rows[1]!.text).toContain('https://www.example.si/en/password-reset?token=tok\n');
  });

  it('allows three mails of one kind to one address per hour', () => {
    seedContent(db, CONTENT_DIR);
    const mails = accountMails(db, mailQueue(db), 'https://www.example.si', strings);
    const now = new Date();
    for (let i = 0; i < 3; i++) {
      expect(mails.allowed(ADDRESS, 'password_reset', now)).toBe(true);
      mails.passwordReset(ADDRESS, 'sl', `token${i}`, now);
    }
    expect(mails.allowed(ADDRESS, 'password_reset', now)).toBe(false);
    expect(mails.allowed(ADDRESS, 'verify_email', now)).toBe(true);
    expect(mails.allowed('other@example.org', 'password_reset', now)).toBe(true);
    expect(mails.allowed(ADDRESS, 'password_reset', new Date(now.getTime() + 60 * 60_000 + 1))).toBe(true);
  });
});

describe('mail worker', () => {
  let clock: Date;
  const now = () => clock;
  const advance = (ms: number) => void (clock = new Date(clock.getTime() + ms));

  beforeEach(() => {
    clock = new Date('2026-05-04T08:00:00.000Z');
  });

  const enqueue = (queue: MailQueue, text = 'Your link: https://site.test/?token=SECRET') =>
    queue.enqueue({ to: ADDRESS, template: 'password_reset', subject: 'Reset', text }, clock);
  const row = (id = 1) =>
    db.prepare('SELECT attempts, sent_at, given_up_at, next_attempt_at, last_error, text FROM outgoing_mail WHERE id = ?').get(id) as {
      attempts: number;
      sent_at: string | null;
      given_up_at: string | null;
      next_attempt_at: string;
      last_error: string | null;
      text: string;
    };

  /** A transport that fails as an SMTP server rejecting the recipient would, quoting the address. */
  function flakyTransport(failures: number): MailTransport & { sent: QueuedMail[] } {
    const sent: QueuedMail[] = [];
    return {
      kind: 'smtp',
      sent,
      async send(mail) {
        if (failures-- > 0)
          throw Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${ADDRESS}>`), { code: 'EENVELOPE', responseCode: 550 });
        sent.push(mail);
      },
      close() {},
    };
  }

  it('sends queued mail and blanks the stored text once sent', async () => {
    const queue = mailQueue(db);
    const transport = flakyTransport(0);
    const { logger, lines } = capture();
    const worker = startMailWorker({ queue, transport, logger, now });
    enqueue(queue);
    await worker.drain();
    await worker.stop();
    expect(transport.sent.map((m) => [m.recipient, m.subject, m.attempts])).toEqual([[ADDRESS, 'Reset', 1]]);
    expect(row()).toMatchObject({ attempts: 1, sent_at: clock.toISOString(), text: '', last_error: null });
    expect(lines.join('')).not.toMatch(/example\.org|SECRET|Reset/);
  });

  it('retries with exponential backoff, then gives up, logging only codes', async () => {
    const queue = mailQueue(db);
    const transport = flakyTransport(Infinity);
    const { logger, lines } = capture();
    const worker = startMailWorker({ queue, transport, logger, now, maxAttempts: 3, backoffMs: 1000 });
    enqueue(queue);

    await worker.drain();
    expect(row()).toMatchObject({ attempts: 1, last_error: 'EENVELOPE 550', next_attempt_at: new Date(clock.getTime() + 1000).toISOString() });
    await worker.drain();
    expect(row().attempts).toBe(1); // not due yet

    advance(1000);
    await worker.drain();
    expect(row()).toMatchObject({ attempts: 2, next_attempt_at: new Date(clock.getTime() + 2000).toISOString() });

    advance(2000);
    await worker.drain();
    expect(row()).toMatchObject({ attempts: 3, given_up_at: clock.toISOString(), text: '' });
    advance(60_000);
    await worker.drain();
    expect(row().attempts).toBe(3);
    await worker.stop();

    const logged = lines.map((line) => JSON.parse(line) as { msg: string; error?: string; level: number });
    expect(logged.map((l) => [l.msg, l.error])).toEqual([
      ['mail not sent; will retry', 'EENVELOPE 550'],
      ['mail not sent; will retry', 'EENVELOPE 550'],
      ['mail given up', 'EENVELOPE 550'],
    ]);
    expect(lines.join('')).not.toMatch(/example\.org|SECRET|rejected/);
  });

  it('finds mail a crash left half-sent once its lease has run out', async () => {
    const queue = mailQueue(db);
    enqueue(queue);
    // A worker claimed it and died before it could say how the attempt went.
    expect(queue.claimNext(clock, 5 * 60_000)?.attempts).toBe(1);
    const transport = flakyTransport(0);
    const worker = startMailWorker({ queue, transport, logger: pino({ level: 'silent' }), now, leaseMs: 5 * 60_000 });
    await worker.drain();
    expect(transport.sent).toEqual([]);
    advance(5 * 60_000);
    await worker.drain();
    await worker.stop();
    expect(transport.sent.map((m) => m.attempts)).toEqual([2]);
  });

  it('describes errors without their messages', () => {
    expect(errorCode(Object.assign(new Error('550 <a@b.c> rejected'), { code: 'EENVELOPE', responseCode: 550 }))).toBe('EENVELOPE 550');
    expect(errorCode(new TypeError('a@b.c'))).toBe('TypeError');
    expect(errorCode('a@b.c')).toBe('unknown');
  });
});

describe('mail transports', () => {
  const mail = (id: number): QueuedMail => ({
    id,
    recipient: ADDRESS,
    replyTo: null,
    headers: {},
    subject: 'Potrdite svoj e-poštni naslov',
    text: 'Povezava za potrditev računa:\nhttps://site.test/sl/verify-email?token=abc\n',
    createdAt: '2026-05-04T08:00:00.000Z',
    attempts: 1,
    attachments: [],
  });

  it('writes one .eml file per mail, the same file again on a retry', async () => {
    const fileDir = join(dir, 'mail');
    const transport = createMailTransport({ from: () => 'Senčila <no-reply@site.test>', fileDir });
    await transport.send(mail(7));
    await transport.send(mail(7));
    await transport.send(mail(8));
    transport.close();
    const files = readdirSync(fileDir);
    expect(files).toEqual(['2026-05-04T08-00-00-000Z-7.eml', '2026-05-04T08-00-00-000Z-8.eml']);
    const raw = readFileSync(join(fileDir, files[0]!), 'utf8');
    expect(raw).toContain(`To: ${ADDRESS}`);
    expect(raw).toContain('Auto-Submitted: auto-generated');
    expect(raw).toContain('Content-Transfer-Encoding: quoted-printable');
    // Quoted-printable: soft line breaks and `=` written as `=3D`.
    expect(raw.replace(/=\n/g, '')).toContain('https://site.test/sl/verify-email?token=3Dabc\n');
  });

  it('sends, without MAIL_FROM, from the company’s current name at no-reply@ the site’s domain', async () => {
    const setName = (name: string) =>
      db.prepare("INSERT OR REPLACE INTO settings (key, value, position) VALUES ('company_name', ?, 0)").run(JSON.stringify(name));
    const company = companySettings(db, 'www.sencila.test');
    const sender = mailSender(undefined, 'https://www.sencila.test', () => company().name);
    expect(sender.withoutDomain).toBe(false);
    const fileDir = join(dir, 'mail');
    const transport = createMailTransport({ from: sender.from, fileDir });
    setName('Senčila Zorko d.o.o.');
    await transport.send(mail(1));
    setName('Senčila Zorko in partnerji');
    await transport.send(mail(2));
    transport.close();
    const froms = readdirSync(fileDir)
      .sort()
      .map((file) => readEml(join(fileDir, file)).from);
    expect(froms).toEqual(['Senčila Zorko d.o.o. <no-reply@sencila.test>', 'Senčila Zorko in partnerji <no-reply@sencila.test>']);
  });

  it('takes MAIL_FROM as it is; without it, a site with no domain of its own sends from localhost, and is told so', () => {
    expect(mailSender('Senčila Zorko <info@example.si>', 'http://localhost:3000', () => 'x').from()).toBe('Senčila Zorko <info@example.si>');
    for (const siteUrl of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(mailSender(undefined, siteUrl, () => 'x').withoutDomain, siteUrl).toBe(true);
    }
    expect(mailSender(undefined, 'http://localhost:3000', () => 'Senčila').from()).toEqual({ name: 'Senčila', address: 'no-reply@localhost' });
  });

  describe('smtp', () => {
    let server: Server;
    let port: number;
    const received: { envelope: string[]; data: string }[] = [];
    let rejectRecipients = false;

    /** Just enough of an SMTP server for one client: no TLS, no auth. */
    beforeAll(async () => {
      server = createServer((socket: Socket) => {
        socket.setEncoding('utf8');
        socket.write('220 fake.test ESMTP\r\n');
        let buffer = '';
        let envelope: string[] = [];
        let inData = false;
        socket.on('data', (chunk: string) => {
          buffer += chunk;
          for (;;) {
            if (inData) {
              const end = buffer.indexOf('\r\n.\r\n');
              if (end < 0) return;
              received.push({ envelope, data: buffer.slice(0, end) });
              buffer = buffer.slice(end + 5);
              inData = false;
              envelope = [];
              socket.write('250 2.0.0 queued\r\n');
              continue;
            }
            const eol = buffer.indexOf('\r\n');
            if (eol < 0) return;
            const line = buffer.slice(0, eol);
            buffer = buffer.slice(eol + 2);
            const verb = line.slice(0, 4).toUpperCase();
            if (verb === 'EHLO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
            else if (verb === 'MAIL') {
              envelope.push(line);
              socket.write('250 2.1.0 ok\r\n');
            } else if (verb === 'RCPT') {
              envelope.push(line);
              socket.write(rejectRecipients ? `550 5.1.1 ${line.slice(8)}: recipient rejected\r\n` : '250 2.1.5 ok\r\n');
            } else if (verb === 'DATA') {
              inData = true;
              socket.write('354 go ahead\r\n');
            } else if (verb === 'QUIT') socket.end('221 bye\r\n');
            else socket.write('250 ok\r\n');
          }
        });
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it('delivers through the SMTP server of SMTP_URL', async () => {
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: () => 'Senčila <no-reply@site.test>', fileDir: join(dir, 'unused') });
      await transport.send(mail(1));
      transport.close();
      expect(received).toHaveLength(1);
      expect(received[0]!.envelope).toEqual(['MAIL FROM:<no-reply@site.test>', `RCPT TO:<${ADDRESS}>`]);
      expect(received[0]!.data).toContain('Subject: =?UTF-8?Q?Potrdite_svoj_e-po=C5=A1tni_naslov?=');
    });

    it('leaves a rejected mail queued for a retry, with the code and no address in logs', async () => {
      rejectRecipients = true;
      const queue = mailQueue(db);
      const { logger, lines } = capture();
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: () => 'no-reply@site.test', fileDir: join(dir, 'unused') });
      const worker = startMailWorker({ queue, transport, logger });
      queue.enqueue({ to: ADDRESS, template: 'verify_email', subject: 'S', text: 'T' }, new Date());
      await worker.drain();
      await worker.stop();
      const stored = db.prepare('SELECT attempts, sent_at, last_error FROM outgoing_mail').get();
      expect(stored).toEqual({ attempts: 1, sent_at: null, last_error: 'EENVELOPE 550' });
      expect(lines.join('')).toContain('EENVELOPE 550');
      expect(lines.join('')).not.toContain('example.org');
    });

    it('records an unreachable server as a connection error', async () => {
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const closedPort = (closed.address() as { port: number }).port;
      await new Promise<void>((done) => closed.close(() => done()));
      const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, from: () => 'no-reply@site.test', fileDir: join(dir, 'unused') });
      const error = await transport.send(mail(1)).then(
        () => undefined,
        (e: unknown) => e,
      );
      transport.close();
      expect(errorCode(error)).toMatch(/^(ESOCKET|ECONNECTION)/);
    });
  });
});
