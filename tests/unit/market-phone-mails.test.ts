import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings } from '../../server/cms/company';
import type { Db } from '../../server/cms/db';
import { seededDatabase, type SeededDatabase } from '../support/seeded-content';
import { mailQueue } from '../../server/cms/mail/queue';
import { staffMails } from '../../server/cms/staff/mails';
import { loadCmsStrings } from '../../server/cms/strings';

/**
 * Every mail to a visitor gives the phone of their market, the one the site's header shows in their
 * language (settings `locale_showroom`): the Austrian showroom's on German mails (issue 26, point 7).
 * The forms' confirmations are read back in tests/integration/cms-forms.test.ts; here the company's
 * settings and the lead mails the staff's changes send.
 */
let seeded: SeededDatabase;
let db: Db;
beforeAll(() => {
  seeded = seededDatabase();
  db = seeded.db;
});
afterAll(() => seeded.close());

describe('the phone a visitor is given', () => {
  it('is their market’s showroom’s, else the company’s', () => {
    const company = companySettings(db, 'example.test');
    expect(company('sl').phone).toBe('+386 2 870 54 20');
    expect(company('en').phone).toBe('+386 2 870 54 20');
    expect(company('de').phone).toBe('+43 463 890 412');
    expect(company().phone).toBe('+386 2 870 54 20');
  });

  it('is in the mails about a booked visit and a sent quote, by the visitor’s language', () => {
    const queue = mailQueue(db);
    const mails = staffMails(db, queue, 'https://www.sencila.test', loadCmsStrings());
    const now = new Date('2026-11-27T10:00:00.000Z');
    const lead = (locale: 'sl' | 'de', email: string) => ({ id: 'x', kind: 'inquiry' as const, locale, email, offerType: 'tende' as const });
    expect(mails.visitBooked(lead('de', 'kunde@example.at'), '2026-12-03T09:30', now)).toBe(true);
    expect(mails.quoteSent(lead('sl', 'stranka@example.si'), now)).toBe(true);
    const text = (to: string) => db.prepare<[string], { text: string }>('SELECT text FROM outgoing_mail WHERE recipient = ?').get(to)!.text;
    expect(text('kunde@example.at')).toContain('+43 463 890 412');
    expect(text('kunde@example.at')).not.toContain('+386');
    expect(text('stranka@example.si')).toContain('+386 2 870 54 20');
  });
});
