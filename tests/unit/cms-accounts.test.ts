import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failAttempt, LOCK_MS, MAX_FAILED_LOGINS, NO_ATTEMPTS, startAttempt, type Attempts } from '../../server/cms/accounts/login-attempts';
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from '../../server/cms/accounts/passwords';
import { emailHash, newToken, tokenHash } from '../../server/cms/accounts/tokens';
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
    expect(emailHash('a@example.org')).not.toBe(tokenHash('a@example.org'));
  });
});

describe('login attempts', () => {
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  /** One attempt from start to finish; `correct` is whether the password matched. */
  function attempt(state: Attempts, when: Date, correct: boolean): { state: Attempts; answer: string } {
    const start = startAttempt(state, when);
    if (!start.allowed) return { state: start.next, answer: `locked ${start.retryAfterSeconds}` };
    return correct ? { state: NO_ATTEMPTS, answer: 'ok' } : { state: failAttempt(start.next, when), answer: 'wrong' };
  }

  it('locks for 15 minutes after five failures in a row, then counts afresh', () => {
    let state = NO_ATTEMPTS;
    const answers: string[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      ({ state, answer: answers[i] } = attempt(state, at(i * 1000), false));
    }
    expect(answers).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong']);
    expect(state.lockedUntil).toBe(at(4000 + LOCK_MS).toISOString());

    // Even the right password waits; the answer says how long.
    expect(attempt(state, at(5000), true).answer).toBe(`locked ${LOCK_MS / 1000 - 1}`);
    expect(attempt(state, at(4000 + LOCK_MS - 1), true).answer).toBe('locked 1');

    const after = attempt(state, at(4000 + LOCK_MS), false);
    expect(after).toEqual({ state: { failedLogins: 1, lockedUntil: null }, answer: 'wrong' });
  });

  it('a success sets the count back to zero', () => {
    let state = NO_ATTEMPTS;
    for (let i = 0; i < 4; i++) state = attempt(state, t0, false).state;
    expect(state.failedLogins).toBe(4);
    state = attempt(state, t0, true).state;
    expect(state).toEqual(NO_ATTEMPTS);
  });

  it('counts attempts as they start, so a parallel burst meets the limit too', () => {
    let state = NO_ATTEMPTS;
    const starts = [];
    for (let i = 0; i < 7; i++) {
      const start = startAttempt(state, t0);
      state = start.next;
      starts.push(start.allowed);
    }
    expect(starts).toEqual([true, true, true, true, true, false, false]);
    expect(state.lockedUntil).toBe(at(LOCK_MS).toISOString());
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
    const throttle = db.prepare('INSERT INTO login_throttle (email_hash, failed_logins, locked_until, updated_at) VALUES (?, ?, ?, ?)');
    throttle.run('stale', 2, null, ago(25));
    throttle.run('recent', 2, null, ago(1));
    const mail = db.prepare(
      `INSERT INTO outgoing_mail (recipient, template, subject, text, created_at, next_attempt_at, sent_at) VALUES ('a@example.org', 'verify_email', 's', '', ?, ?, ?)`,
    );
    mail.run(ago(800), ago(800), ago(799));
    mail.run(ago(2), ago(2), ago(1));
    mail.run(ago(800), ago(800), null);

    expect(purgeExpired(db, now)).toMatchObject({ sessions: 1, tokens: 1, throttles: 1, mails: 1 });
    expect(db.prepare('SELECT token_hash FROM sessions').pluck().all()).toEqual(['live']);
    expect(db.prepare('SELECT token_hash FROM user_tokens').pluck().all()).toEqual(['just expired']);
    expect(db.prepare('SELECT email_hash FROM login_throttle').pluck().all()).toEqual(['recent']);
    // Unsent mail stays, however old: the worker decides when to give up.
    expect(db.prepare('SELECT count(*) FROM outgoing_mail').pluck().get()).toBe(2);
  });

  it('keeps the address unique whatever its case', () => {
    const insert = db.prepare(`INSERT INTO users (email, password_hash, name, locale, created_at) VALUES (?, 'x', 'A', 'sl', '2026-01-01')`);
    insert.run('ana@example.org');
    expect(() => insert.run('ANA@Example.org')).toThrow(/UNIQUE/);
  });
});
