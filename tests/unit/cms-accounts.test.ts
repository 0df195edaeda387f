import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountFailed,
  ADDRESS_CAPACITY,
  addressSucceeded,
  EMPTY_BUCKET,
  FIRST_DELAY_MS,
  FORGET_MS,
  FREE_FAILURES,
  HAMMERED_CAPACITY,
  MAX_DELAY_MS,
  NO_PAIR,
  pairDelayMs,
  pairSucceeded,
  startAddress,
  startPair,
  type BucketState,
  type PairState,
} from '../../server/cms/accounts/login-limits';
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from '../../server/cms/accounts/passwords';
import { limitKeys, newToken, tokenHash } from '../../server/cms/accounts/tokens';
import { openDb, type Db } from '../../server/cms/db';
import { purgeExpired } from '../../server/cms/housekeeping';
import { migrate } from '../../server/cms/migrations';

// Cheap parameters where the test is about the format, not the cost.
const FAST = { ln: 10, r: 8, p: 1 };

describe('passwords', () => {
  it('stores scrypt with its parameters and a per-hash salt', async () => {
    const a = await hashPassword('Rolete in žaluzije', FAST);
    const b = await hashPassword('Rolete in žaluzije', FAST);
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Rolete in žaluzije', a)).toBe(true);
    expect(await verifyPassword('Rolete in zaluzije', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('uses the current parameters by default and flags older hashes for rehashing', async () => {
    const current = await hashPassword('current parameters');
    const { ln, r, p } = CURRENT_PARAMS;
    expect(current.startsWith(`$scrypt$ln=${ln},r=${r},p=${p}$`)).toBe(true);
    expect(needsRehash(current)).toBe(false);
    const old = await hashPassword('older parameters', FAST);
    expect(needsRehash(old)).toBe(true);
    // An older hash still verifies: raising the cost never locks anyone out.
    expect(await verifyPassword('older parameters', old)).toBe(true);
  });

  it('treats the composed and decomposed forms of a letter as the same password', async () => {
    const hash = await hashPassword('Senčila 2025!', FAST);
    expect(await verifyPassword('Senc\u030cila 2025!', hash)).toBe(true);
  });

  it('refuses stored values it did not write, and absurd parameters', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(await verifyPassword('x', '$scrypt$ln=30,r=8,p=1$c2FsdA$a2V5')).toBe(false);
    expect(needsRehash('plain text')).toBe(true);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).toBe(tokenHash(token));
    // The counters' keys: hashes (no address in the table), one per account and address, address, account.
    const keys = limitKeys('a@example.org', '203.0.113.7');
    expect(new Set(Object.values(keys)).size).toBe(3);
    for (const key of Object.values(keys)) expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(limitKeys('a@example.org', '198.51.100.1').pair).not.toBe(keys.pair);
    expect(limitKeys('a@example.org', '198.51.100.1').account).toBe(keys.account);
    expect(limitKeys('b@example.org', '203.0.113.7').address).toBe(keys.address);
  });
});

describe('login limits (a fake clock)', () => {
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  /** Attempts of one account from one address: each a failure, at the given times. */
  function failPair(state: PairState, times: number[]): { state: PairState; answers: string[] } {
    const answers: string[] = [];
    for (const ms of times) {
      const start = startPair(state, at(ms));
      answers.push(start.allowed ? 'counted' : `wait ${start.retryAfterSeconds}`);
      state = start.next;
    }
    return { state, answers };
  }

  it('an account from one address: five free failures, then a wait that doubles up to 15 minutes', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 20].map(pairDelayMs)).toEqual([0, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    expect(MAX_DELAY_MS).toBe(15 * 60_000);

    const five = failPair(NO_PAIR, [0, 1000, 2000, 3000, 4000]);
    expect(five.answers).toEqual(['counted', 'counted', 'counted', 'counted', 'counted']);
    // Even the right password waits its turn: the answer says how long, never "locked".
    expect(failPair(five.state, [5000]).answers).toEqual(['wait 29']);
    expect(failPair(five.state, [4000 + FIRST_DELAY_MS - 1]).answers).toEqual(['wait 1']);
    const sixth = failPair(five.state, [4000 + FIRST_DELAY_MS]);
    expect(sixth.answers).toEqual(['counted']);
    expect(failPair(sixth.state, [4000 + FIRST_DELAY_MS + 59_000]).answers).toEqual(['wait 1']);
    expect(failPair(sixth.state, [4000 + FIRST_DELAY_MS + 60_000]).answers).toEqual(['counted']);
  });

  it('counts an attempt as it starts, so a parallel burst meets the wait too', () => {
    const burst = failPair(
      NO_PAIR,
      Array.from({ length: 8 }, () => 0),
    );
    expect(burst.answers).toEqual(['counted', 'counted', 'counted', 'counted', 'counted', 'wait 30', 'wait 30', 'wait 30']);
  });

  it('a success, or a day without attempts, starts the pair afresh', () => {
    const many = failPair(NO_PAIR, [0, 0, 0, 0, 0]).state;
    expect(pairSucceeded()).toEqual(NO_PAIR);
    expect(failPair(many, [FORGET_MS]).answers).toEqual(['counted']);
    expect(failPair(many, [FORGET_MS]).state.failures).toBe(1);
    expect(failPair(many, [FORGET_MS - 1]).answers).toEqual(['counted']);
    expect(failPair(many, [FORGET_MS - 1]).state.failures).toBe(FREE_FAILURES + 1);
  });

  it('one address across accounts: 100 attempts, then one more every 36 seconds as the bucket drains', () => {
    let bucket: BucketState = EMPTY_BUCKET;
    for (let i = 0; i < ADDRESS_CAPACITY; i++) {
      const start = startAddress(bucket, t0);
      expect(start.allowed).toBe(true);
      bucket = start.next;
    }
    const full = startAddress(bucket, t0);
    expect(full).toMatchObject({ allowed: false, retryAfterSeconds: 36 });
    expect(startAddress(bucket, at(35_999)).allowed).toBe(false);
    expect(startAddress(bucket, at(36_000)).allowed).toBe(true);
    // An hour later it is empty again.
    expect(startAddress(bucket, at(60 * 60_000)).next.level).toBe(1);
  });

  it('a right password gives the address its attempt back', () => {
    let bucket: BucketState = EMPTY_BUCKET;
    for (let i = 0; i < ADDRESS_CAPACITY; i++) bucket = startAddress(bucket, t0).next;
    bucket = addressSucceeded(bucket, t0);
    expect(startAddress(bucket, t0).allowed).toBe(true);
    expect(addressSucceeded(EMPTY_BUCKET, t0).level).toBe(0);
  });

  it('one account from anywhere: ten failures within the hour mean it is being hammered, and that refuses no one', () => {
    let bucket: BucketState = EMPTY_BUCKET;
    const hammered: boolean[] = [];
    for (let i = 0; i < HAMMERED_CAPACITY; i++) {
      const failed = accountFailed(bucket, at(i * 1000));
      bucket = failed.next;
      hammered.push(failed.hammered);
    }
    expect(hammered).toEqual([false, false, false, false, false, false, false, false, false, true]);
    // Spread over more than an hour, the same number is not.
    bucket = EMPTY_BUCKET;
    let last = false;
    for (let i = 0; i < HAMMERED_CAPACITY; i++) ({ next: bucket, hammered: last } = accountFailed(bucket, at(i * 7 * 60_000)));
    expect(last).toBe(false);
  });
});

describe('housekeeping', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cms-housekeeping-'));
    db = openDb(dir);
    migrate(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes expired sessions, spent tokens, stale counters and old mail, and nothing else', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    db.prepare(`INSERT INTO users (id, email, password_hash, name, locale, created_at) VALUES (1, 'a@example.org', 'x', 'A', 'sl', ?)`).run(ago(100));
    const session = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)');
    session.run('expired', ago(800), ago(1));
    session.run('live', ago(1), ago(-700));
    const token = db.prepare(`INSERT INTO user_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES (?, 1, 'reset', ?, ?)`);
    token.run('long gone', ago(30), ago(29));
    token.run('just expired', ago(2), ago(1));
    const limit = db.prepare('INSERT INTO login_limits (key, count, at) VALUES (?, ?, ?)');
    limit.run('stale', 2, ago(25));
    limit.run('recent', 2, ago(1));
    const mail = db.prepare(
      `INSERT INTO outgoing_mail (recipient, template, subject, text, created_at, next_attempt_at, sent_at) VALUES ('a@example.org', 'verify_email', 's', '', ?, ?, ?)`,
    );
    mail.run(ago(800), ago(800), ago(799));
    mail.run(ago(2), ago(2), ago(1));
    mail.run(ago(800), ago(800), null);

    expect(purgeExpired(db, now)).toMatchObject({ sessions: 1, tokens: 1, throttles: 1, mails: 1 });
    expect(db.prepare('SELECT token_hash FROM sessions').pluck().all()).toEqual(['live']);
    expect(db.prepare('SELECT token_hash FROM user_tokens').pluck().all()).toEqual(['just expired']);
    expect(db.prepare('SELECT key FROM login_limits').pluck().all()).toEqual(['recent']);
    // Unsent mail stays, however old: the worker decides when to give up.
    expect(db.prepare('SELECT count(*) FROM outgoing_mail').pluck().get()).toBe(2);
  });

  it('upgrades a database of the lockout days: old counters go, stored submissions stay unlisted', () => {
    const dir5 = mkdtempSync(join(tmpdir(), 'cms-schema-5-'));
    const old = openDb(dir5);
    try {
      migrate(old, 5);
      old.exec(`
        INSERT INTO users (id, email, password_hash, name, locale, verified_at, created_at, failed_logins, locked_until)
          VALUES (1, 'a@example.org', 'x', 'A', 'sl', '2026-01-01', '2026-01-01', 5, '2099-01-01T00:00:00.000Z');
        INSERT INTO login_throttle (email_hash, failed_logins, locked_until, updated_at) VALUES ('h', 5, '2099-01-01', '2026-01-01');
        INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, created_at)
          VALUES ('s1', 'inquiry:id:1', 'inquiry', 'sl', '{}', 'a@example.org', '2026-01-02');`);
      migrate(old);
      const columns = old.prepare("SELECT name FROM pragma_table_info('users')").pluck().all();
      expect(columns).not.toContain('failed_logins');
      expect(columns).not.toContain('locked_until');
      expect(old.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'login_throttle'").pluck().get()).toBe(0);
      expect(old.prepare('SELECT email_confirmed_at FROM submissions').pluck().all()).toEqual([null]);
    } finally {
      old.close();
      rmSync(dir5, { recursive: true, force: true });
    }
  });

  it('keeps the address unique whatever its case', () => {
    const insert = db.prepare(`INSERT INTO users (email, password_hash, name, locale, created_at) VALUES (?, 'x', 'A', 'sl', '2026-01-01')`);
    insert.run('ana@example.org');
    expect(() => insert.run('ANA@Example.org')).toThrow(/UNIQUE/);
  });
});
