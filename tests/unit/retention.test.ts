import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/cms/db';
import { purgeExpired } from '../../server/cms/housekeeping';
import { migrate } from '../../server/cms/migrations';
import { anonymisedData, retentionCutoffs, retentionPeriods } from '../../server/cms/retention';
import { monthsBefore } from '../../server/lib/calendar';

describe('retention periods', () => {
  it('counts calendar months back, ending on the earlier month’s last day when it is shorter', () => {
    expect(monthsBefore(new Date('2026-11-25T17:00:00.000Z'), 24).toISOString()).toBe('2024-11-25T17:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T08:30:00.000Z'), 1).toISOString()).toBe('2026-02-28T08:30:00.000Z');
    expect(monthsBefore(new Date('2024-03-31T08:30:00.000Z'), 1).toISOString()).toBe('2024-02-29T08:30:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00.000Z'), 13).toISOString()).toBe('2024-12-15T00:00:00.000Z');
  });

  it('gives the cutoffs of both periods for a moment', () => {
    expect(retentionCutoffs(new Date('2026-11-25T12:00:00.000Z'), { submissionMonths: 24, unconfirmedDays: 30 })).toEqual({
      submissions: '2024-11-25T12:00:00.000Z',
      unconfirmed: '2026-10-26T12:00:00.000Z',
    });
  });
});

describe('anonymised submissions', () => {
  it('keep what was asked for and lose every free text, including options a visitor typed', () => {
    const inquiry = {
      offerType: 'zunanji_screen',
      system: 'zip',
      fabrics: ['blackout', 'Moja posebna tkanina pri sosedu Novaku'],
      width: 240,
      height: 180,
      amount: 2,
      colour: 'ral',
      ralCode: '7016',
      iWantInstallation: true,
      nameAndSurname: 'Ana Novak',
      email: 'ana@example.com',
      phone: '+386 40 123 456',
      streetAddress: 'Glavna 1',
      postalCode: '1000',
      town: 'Ljubljana',
      visitTime: 'saturday',
      message: 'Pokličite me po 17. uri.',
      terms: true,
      photos: ['a.jpg'],
    };
    expect(anonymisedData('inquiry', inquiry)).toEqual({
      offerType: 'zunanji_screen',
      system: 'zip',
      fabrics: ['blackout'],
      width: 240,
      height: 180,
      amount: 2,
      colour: 'ral',
      iWantInstallation: true,
      visitTime: 'saturday',
      terms: true,
    });
    const service = { phone: '041 222 333', content: 'Roleta se ne dviga.', invoiceNumber: 'R-2021-17', installationYear: 2019, streetAddress: 'Glavna 1' };
    expect(anonymisedData('service', service)).toEqual({ installationYear: 2019 });
  });
});

describe('housekeeping applies the periods', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'retention-'));
    db = openDb(dir);
    migrate(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const now = new Date('2026-11-25T12:00:00.000Z');
  const monthsAgo = (months: number, days = 0) => new Date(monthsBefore(now, months).getTime() - days * 86_400_000).toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  /** `confirmed`: posted while signed in as the account of its address (its grant spent). */
  function submission(
    id: string,
    email: string | null,
    createdAt: string,
    data: Record<string, unknown> = { offerType: 'tende', nameAndSurname: 'X', email },
    confirmed = false,
  ) {
    db.prepare(
      `INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, email_confirmed_at, created_at, last_activity_at) VALUES (?, ?, 'inquiry', 'sl', ?, ?, ?, ?, ?)`,
    ).run(id, `inquiry:id:${id}-key`, JSON.stringify(data), email, confirmed ? createdAt : null, createdAt, createdAt);
  }
  function user(email: string, createdAt: string, verifiedAt: string | null) {
    return Number(
      db
        .prepare(`INSERT INTO users (email, password_hash, name, locale, created_at, verified_at) VALUES (?, 'x', 'N', 'sl', ?, ?)`)
        .run(email, createdAt, verifiedAt).lastInsertRowid,
    );
  }
  const row = (id: string) =>
    db
      .prepare<[string], { email: string | null; data: string; idempotency_key: string; anonymised_at: string | null }>(
        'SELECT email, data, idempotency_key, anonymised_at FROM submissions WHERE id = ?',
      )
      .get(id);

  it('erases a visitor’s submissions once the period has run from their newest one, not before', () => {
    submission('old-alone', 'gost@example.com', monthsAgo(24, 1));
    submission('just-inside', 'drugi@example.com', monthsAgo(24, -1));
    // An older one waits while the same address has a newer one inside the period.
    submission('old-but-active', 'stalni@example.com', monthsAgo(30));
    submission('recent', 'stalni@example.com', monthsAgo(3));
    submission('no-address', null, monthsAgo(25));

    expect(purgeExpired(db, now)).toMatchObject({ submissionsErased: 2, submissionsAnonymised: 0 });
    expect(row('old-alone')).toBeUndefined();
    expect(row('no-address')).toBeUndefined();
    expect(row('just-inside')).toBeDefined();
    expect(row('old-but-active')).toBeDefined();
    expect(row('recent')).toBeDefined();
  });

  it('counts a status change as activity', () => {
    submission('worked-on', 'gost@example.com', monthsAgo(30));
    db.prepare(`UPDATE submissions SET status = 'contacted' WHERE id = 'worked-on'`).run();
    // The trigger stamps the real time; move the test's clock to just before the period ends.
    const stamped = db.prepare<[], { last_activity_at: string }>(`SELECT last_activity_at FROM submissions WHERE id = 'worked-on'`).get()!;
    const clock = new Date(monthsBefore(new Date(stamped.last_activity_at), -24).getTime() - 60_000);
    expect(purgeExpired(db, clock)).toMatchObject({ submissionsErased: 0 });
    expect(purgeExpired(db, new Date(clock.getTime() + 120_000))).toMatchObject({ submissionsErased: 1 });
  });

  it('anonymises the submissions of an account, and of one deleted since, instead of erasing them', () => {
    user('racun@example.com', monthsAgo(40), monthsAgo(40));
    submission(
      'of-account',
      'racun@example.com',
      monthsAgo(25),
      { offerType: 'pergola', width: 400, nameAndSurname: 'Ana Novak', email: 'racun@example.com', message: 'Hvala' },
      true,
    );
    // The account's address typed by someone not signed in as it: a visitor's submission.
    submission('in-its-name', 'racun@example.com', monthsAgo(25));
    submission('of-deleted', 'bivsi@example.com', monthsAgo(25));
    db.prepare(`UPDATE submissions SET from_account = 1 WHERE id = 'of-deleted'`).run();
    // An account never verified never showed the submission: it is a visitor's like any other.
    user('nepotrjen@example.com', daysAgo(3), null);
    submission('of-unverified', 'nepotrjen@example.com', monthsAgo(25));

    expect(purgeExpired(db, now)).toMatchObject({ submissionsAnonymised: 2, submissionsErased: 2 });
    const kept = row('of-account')!;
    expect(kept.email).toBeNull();
    expect(JSON.parse(kept.data)).toEqual({ offerType: 'pergola', width: 400 });
    expect(kept.idempotency_key).toBe('anonymised:of-account');
    expect(kept.anonymised_at).toBe(now.toISOString());
    expect(row('of-deleted')!.email).toBeNull();
    expect(row('of-unverified')).toBeUndefined();
    expect(row('in-its-name')).toBeUndefined();
    // Anonymised rows stay as they are at the next run.
    expect(purgeExpired(db, new Date(now.getTime() + 3_600_000))).toMatchObject({ submissionsAnonymised: 0, submissionsErased: 0 });
  });

  it('takes the staff’s notes and replies with a lead’s personal data, keeping its status history', () => {
    user('racun@example.com', monthsAgo(40), monthsAgo(40));
    submission('worked', 'racun@example.com', monthsAgo(25), { offerType: 'pergola', nameAndSurname: 'Ana Novak' }, true);
    submission('erased', 'gost@example.com', monthsAgo(25));
    const event = db.prepare(`INSERT INTO lead_events (submission_id, at, member_name, kind, data) VALUES (?, ?, 'Prodaja', ?, ?)`);
    for (const id of ['worked', 'erased']) {
      event.run(id, monthsAgo(25), 'status', JSON.stringify({ kind: 'status', from: 'new', to: 'contacted', visitAt: null, reason: null }));
      event.run(id, monthsAgo(25), 'note', JSON.stringify({ kind: 'note', text: 'Gospa Novak želi antracit.' }));
      event.run(id, monthsAgo(25), 'reply', JSON.stringify({ kind: 'reply', text: 'Spoštovana gospa Novak', mailed: true }));
    }
    db.prepare(`UPDATE submissions SET search_text = 'ana novak', lost_reason = 'Gospa Novak je izbrala drugega' WHERE id = 'worked'`).run();
    // The retention period runs from the staff's last activity: keep the arrival as the newest.
    db.prepare(`UPDATE submissions SET last_activity_at = created_at`).run();

    expect(purgeExpired(db, now)).toMatchObject({ submissionsAnonymised: 1, submissionsErased: 1 });
    expect(db.prepare(`SELECT submission_id, kind FROM lead_events ORDER BY id`).all()).toEqual([{ submission_id: 'worked', kind: 'status' }]);
    expect(db.prepare(`SELECT search_text, lost_reason FROM submissions WHERE id = 'worked'`).get()).toEqual({ search_text: '', lost_reason: null });
  });

  it('erases accounts never verified after the unconfirmed period, with their tokens', () => {
    const stale = user('star@example.com', daysAgo(30), null);
    user('svez@example.com', daysAgo(29), null);
    user('potrjen@example.com', daysAgo(400), daysAgo(399));
    db.prepare(`INSERT INTO user_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES ('t', ?, 'verify', ?, ?)`).run(
      stale,
      daysAgo(30),
      daysAgo(-1),
    );

    expect(purgeExpired(db, now)).toMatchObject({ unverifiedAccounts: 1 });
    expect(db.prepare('SELECT email FROM users ORDER BY email').pluck().all()).toEqual(['potrjen@example.com', 'svez@example.com']);
    expect(db.prepare('SELECT count(*) FROM user_tokens').pluck().get()).toBe(0);
  });

  it('reads the periods from the settings', () => {
    expect(retentionPeriods(db)).toEqual({ submissionMonths: 24, unconfirmedDays: 30 });
    const setting = db.prepare('INSERT INTO settings (key, value, position) VALUES (?, ?, ?)');
    setting.run('retention_submission_months', '6', 1);
    setting.run('retention_unconfirmed_days', '7', 2);
    expect(retentionPeriods(db)).toEqual({ submissionMonths: 6, unconfirmedDays: 7 });
    submission('seven-months', 'gost@example.com', monthsAgo(7));
    user('osem@example.com', daysAgo(8), null);
    expect(purgeExpired(db, now)).toMatchObject({ submissionsErased: 1, unverifiedAccounts: 1 });
  });
});
