import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/cms/db';
import { purgeExpired } from '../../server/cms/housekeeping';
import { mailQueue } from '../../server/cms/mail/queue';
import { migrate } from '../../server/cms/migrations';
import { loadCmsStrings } from '../../server/cms/strings';
import { newsletterMails } from '../../server/cms/newsletter/mails';
import { newsletterService, type NewsletterService } from '../../server/cms/newsletter/service';

/**
 * The newsletter's consent rules against a fake clock: confirmation links expire after 7 days and
 * work once, a second confirmation mail waits an hour, and a signup nobody confirms is erased 30 days
 * after its last signup (with its links), while confirmed and unsubscribed rows stay.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const START = new Date('2026-11-25T10:00:00.000Z');

let dir: string;
let db: Db;
let clock: Date;
let service: NewsletterService;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-newsletter-'));
  db = openDb(dir);
  migrate(db);
  clock = START;
  const queue = mailQueue(db);
  service = newsletterService({
    db,
    mails: newsletterMails(db, queue, 'https://www.sencila.test', loadCmsStrings()),
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const advance = (ms: number) => void (clock = new Date(clock.getTime() + ms));
let keys = 0;
const signup = (email: string, lang: 'sl' | 'en' | 'de' = 'sl') => service.signup(lang, `newsletter:id:key-${++keys}`, { email, consent: true });

/** The queued mails to an address, oldest first. */
const mails = (to: string) =>
  db.prepare('SELECT template, text, headers FROM outgoing_mail WHERE recipient = ? ORDER BY id').all(to) as {
    template: string;
    text: string;
    headers: string | null;
  }[];

/** The token of the newest mailed link to a screen (`potrditev` or `odjava` in Slovenian). */
function tokenIn(to: string, segment: string): string {
  const texts = mails(to)
    .map((m) => m.text)
    .reverse();
  for (const text of texts) {
    const match = new RegExp(`/${segment}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (match) return match[1]!;
  }
  throw new Error(`no ${segment} link to ${to}`);
}

const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('newsletter confirmation links', () => {
  it('work once, within 7 days', () => {
    signup('a@example.si');
    const token = tokenIn('a@example.si', 'potrditev');
    expect(service.stateOf('a@example.si')).toEqual({ subscribed: false });
    advance(7 * DAY - 1000);
    expect(service.confirm(token)).toBe('done');
    expect(service.stateOf('a@example.si')).toEqual({ subscribed: true });
    // Used again: done already, and nothing more happens (no second welcome).
    expect(service.confirm(token)).toBe('already');
    expect(mails('a@example.si').map((m) => m.template)).toEqual(['newsletter_confirm', 'newsletter_welcome']);
    // After an unsubscribe the spent link is invalid: it must not read as "you are subscribed".
    service.setState('a@example.si', 'sl', false);
    expect(service.confirm(token)).toBe('invalid_token');

    signup('b@example.si');
    const late = tokenIn('b@example.si', 'potrditev');
    advance(7 * DAY);
    expect(service.confirm(late)).toBe('invalid_token');
    expect(service.stateOf('b@example.si')).toEqual({ subscribed: false });
  });

  it('send one more mail per hour at most, however often the address is typed in', () => {
    signup('c@example.si');
    advance(10 * 60_000);
    signup('c@example.si');
    advance(49 * 60_000);
    signup('c@example.si');
    expect(mails('c@example.si').map((m) => m.template)).toEqual(['newsletter_confirm']);
    advance(HOUR);
    signup('c@example.si', 'de');
    expect(mails('c@example.si').map((m) => m.template)).toEqual(['newsletter_confirm', 'newsletter_confirm']);
    // Both links work until one is used; then neither.
    const [first, second] = mails('c@example.si').map((m) => /\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    expect(service.confirm(second!)).toBe('done');
    expect(service.confirm(first!)).toBe('already');
  });

  it('mail nothing to an address already subscribed', () => {
    signup('d@example.si');
    service.confirm(tokenIn('d@example.si', 'potrditev'));
    advance(2 * HOUR);
    signup('d@example.si');
    expect(mails('d@example.si').map((m) => m.template)).toEqual(['newsletter_confirm', 'newsletter_welcome']);
  });
});

describe('signing up again after an unsubscribe (issue 26, point 8)', () => {
  it('mails a new confirmation at once, within the per-address cap of 3 a day', () => {
    signup('e@example.si');
    service.confirm(tokenIn('e@example.si', 'potrditev'));
    service.unsubscribe(tokenIn('e@example.si', 'odjava'));
    advance(5 * 60_000);
    signup('e@example.si');
    expect(mails('e@example.si').map((m) => m.template)).toEqual(['newsletter_confirm', 'newsletter_welcome', 'newsletter_confirm']);
    // Its link subscribes again.
    expect(service.confirm(tokenIn('e@example.si', 'potrditev'))).toBe('done');
    expect(service.stateOf('e@example.si')).toEqual({ subscribed: true });
    // Round and round: the third confirmation of the day is the last.
    for (let i = 0; i < 3; i++) {
      service.unsubscribe(tokenIn('e@example.si', 'odjava'));
      signup('e@example.si');
      if (mails('e@example.si').at(-1)!.template === 'newsletter_confirm') service.confirm(tokenIn('e@example.si', 'potrditev'));
    }
    expect(mails('e@example.si').filter((m) => m.template === 'newsletter_confirm')).toHaveLength(3);
  });
});

describe('unsubscribe links', () => {
  it('unsubscribe, again without harm, never subscribe, and undo a pending confirmation', () => {
    signup('e@example.si');
    service.confirm(tokenIn('e@example.si', 'potrditev'));
    const welcome = mails('e@example.si').at(-1)!;
    const link = /https:\/\/www\.sencila\.test\/sl\/e-novice\/odjava\?token=[A-Za-z0-9_-]+/.exec(welcome.text)![0];
    expect(JSON.parse(welcome.headers!)).toMatchObject({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const token = tokenIn('e@example.si', 'odjava');
    expect(service.confirm(token)).toBe('invalid_token');

    advance(2 * HOUR);
    signup('e@example.si');
    const pending = tokenIn('e@example.si', 'potrditev');
    expect(service.unsubscribe(token)).toBe('done');
    expect(service.unsubscribe(token)).toBe('done');
    expect(service.stateOf('e@example.si')).toEqual({ subscribed: false });
    // Once unsubscribed, an older confirmation link in the inbox subscribes no one.
    expect(service.confirm(pending)).toBe('invalid_token');
    expect(service.unsubscribe('x'.repeat(43))).toBe('invalid_token');
  });
});

describe('housekeeping of signups', () => {
  it('erases a signup nobody confirmed 30 days after its last signup, with its links and requests, and keeps the rest', () => {
    signup('pending@example.si');
    signup('renewed@example.si');
    signup('confirmed@example.si');
    service.confirm(tokenIn('confirmed@example.si', 'potrditev'));
    signup('gone@example.si');
    service.confirm(tokenIn('gone@example.si', 'potrditev'));
    service.unsubscribe(tokenIn('gone@example.si', 'odjava'));
    advance(20 * DAY);
    signup('renewed@example.si');

    advance(10 * DAY - 1000);
    expect(purgeExpired(db, clock).unconfirmedSignups).toBe(0);
    advance(1000);
    const purged = purgeExpired(db, clock);
    expect(purged.unconfirmedSignups).toBe(1);
    const left = db.prepare('SELECT email FROM newsletter_subscriptions ORDER BY email').pluck().all();
    expect(left).toEqual(['confirmed@example.si', 'gone@example.si', 'renewed@example.si']);
    expect(db.prepare('SELECT count(*) FROM newsletter_requests r JOIN newsletter_subscriptions s ON s.id = r.subscription_id').pluck().get()).toBe(
      count('newsletter_requests'),
    );
    expect(count('newsletter_requests')).toBe(4);

    // Thirty days after its second signup.
    advance(20 * DAY);
    expect(purgeExpired(db, clock).unconfirmedSignups).toBe(1);
    // What is left of links: the unsubscribe links of the two that were subscribed.
    expect(db.prepare('SELECT kind FROM newsletter_tokens').pluck().all()).toEqual(['unsubscribe', 'unsubscribe']);
  });
});

describe('the profile switch', () => {
  it('subscribes a verified account’s own address at once, with a welcome, and unsubscribes it', () => {
    expect(service.setState('f@example.si', 'en', true)).toEqual({ subscribed: true });
    expect(mails('f@example.si').map((m) => m.template)).toEqual(['newsletter_welcome']);
    expect(service.setState('f@example.si', 'en', true)).toEqual({ subscribed: true });
    expect(mails('f@example.si')).toHaveLength(1);
    expect(service.setState('f@example.si', 'en', false)).toEqual({ subscribed: false });
    expect(service.stateOf('f@example.si')).toEqual({ subscribed: false });
    // Switched on and off over and over: three welcomes an hour at most.
    for (let i = 0; i < 4; i++) {
      service.setState('f@example.si', 'en', true);
      service.setState('f@example.si', 'en', false);
    }
    expect(mails('f@example.si')).toHaveLength(3);
    advance(HOUR);
    service.setState('f@example.si', 'en', true);
    expect(mails('f@example.si')).toHaveLength(4);
  });
});
