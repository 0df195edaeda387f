import type { LeadDetail, LeadEvent, LeadFilter, LeadHistoryEntry, LeadKind, LeadStatus, LeadSummary } from '../../../shared/api/staff';
import type { Locale } from '../../../shared/locales';
import { fold } from '../search/analyzer';
import { leadSearchText } from './search-text';
import type { Db } from '../db';
import { productReferences } from '../queries/product-reference';

/** The leads' side of the submissions table and lead_events: every statement the inbox needs, nothing else. */

type LeadRow = {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  locale: Locale;
  data: string;
  email: string | null;
  created_at: string;
  assignee_id: number | null;
  assignee_name: string | null;
  visit_at: string | null;
  lost_reason: string | null;
  email_confirmed_at: string | null;
  first_contact_at: string | null;
};

const LEAD_COLUMNS = `s.id, s.kind, s.status, s.locale, s.data, s.email, s.created_at, s.assignee_id, m.name AS assignee_name,
  s.visit_at, s.lost_reason, s.email_confirmed_at, s.first_contact_at`;
const SELECT_LEAD = `SELECT ${LEAD_COLUMNS} FROM submissions s LEFT JOIN staff_members m ON m.id = s.assignee_id`;
/**
 * A filtered list reads the inbox's index (every filter's column, newest first) and only the rows it
 * shows; left to itself SQLite picks an index of one column and reads every row it finds there
 * (docs/decisions/0040-staff-and-leads.md, the bench).
 */
const INBOX = 'submissions s INDEXED BY submissions_inbox';
const SELECT_LIST = `SELECT ${LEAD_COLUMNS} FROM ${INBOX} LEFT JOIN staff_members m ON m.id = s.assignee_id`;

const text = (data: Record<string, unknown>, name: string) => (typeof data[name] === 'string' && data[name] !== '' ? (data[name] as string) : null);

function toSummary(row: LeadRow, data: Record<string, unknown>): LeadSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    locale: row.locale,
    offerType: row.kind === 'inquiry' ? (text(data, 'offerType') as LeadSummary['offerType']) : null,
    name: text(data, 'nameAndSurname'),
    email: row.email,
    phone: text(data, 'phone'),
    town: text(data, 'town'),
    createdAt: row.created_at,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
    visitAt: row.visit_at,
  };
}

/** The day after a calendar day, for an inclusive upper bound on ISO timestamps. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export type LeadStore = ReturnType<typeof leadStore>;

export function leadStore(db: Db) {
  const byId = db.prepare<[string], LeadRow>(`${SELECT_LEAD} WHERE s.id = ?`);
  const productOf = productReferences(db);
  const photos = db.prepare<[string], { position: number; type: string }>(
    'SELECT position, type FROM submission_photos WHERE submission_id = ? ORDER BY position',
  );
  const photo = db.prepare<[string, number], { type: string; bytes: Buffer }>(
    'SELECT type, bytes FROM submission_photos WHERE submission_id = ? AND position = ?',
  );
  const events = db.prepare<[string], { id: number; at: string; member_id: number | null; member_name: string | null; data: string }>(
    'SELECT id, at, member_id, member_name, data FROM lead_events WHERE submission_id = ? ORDER BY at, id',
  );
  const insertEvent = db.prepare<{ id: string; at: string; memberId: number | null; memberName: string | null; kind: LeadEvent['kind']; data: string }>(
    'INSERT INTO lead_events (submission_id, at, member_id, member_name, kind, data) VALUES (@id, @at, @memberId, @memberName, @kind, @data)',
  );
  const setStatus = db.prepare<{ id: string; status: LeadStatus; visitAt: string | null; reason: string | null; now: string }>(
    `UPDATE submissions SET status = @status, visit_at = coalesce(@visitAt, visit_at), lost_reason = @reason,
       first_contact_at = CASE WHEN first_contact_at IS NULL AND @status NOT IN ('new', 'spam') THEN @now ELSE first_contact_at END
     WHERE id = @id`,
  );
  const setAssignee = db.prepare<{ id: string; memberId: number | null }>('UPDATE submissions SET assignee_id = @memberId WHERE id = @id');
  const touch = db.prepare<{ id: string; now: string }>('UPDATE submissions SET last_activity_at = @now WHERE id = @id');
  const missingSearchText = db.prepare<[], { id: string; data: string }>("SELECT id, data FROM submissions WHERE search_text = '' AND anonymised_at IS NULL");
  const setSearchText = db.prepare<{ id: string; text: string }>('UPDATE submissions SET search_text = @text WHERE id = @id');

  /** The WHERE of a filter and its parameters; `me` is the asking member's id. */
  function where(filter: LeadFilter, me: number): { sql: string; params: Record<string, unknown> } {
    const clauses: string[] = [];
    const params: Record<string, unknown> = {};
    if (filter.kind) {
      clauses.push('s.kind = @kind');
      params.kind = filter.kind;
    }
    if (filter.status?.length) {
      clauses.push(`s.status IN (${filter.status.map((_, i) => `@status${i}`).join(', ')})`);
      filter.status.forEach((status, i) => (params[`status${i}`] = status));
    }
    if (filter.assignee === 'none') clauses.push('s.assignee_id IS NULL');
    else if (filter.assignee !== undefined) {
      clauses.push('s.assignee_id = @assignee');
      params.assignee = filter.assignee === 'me' ? me : filter.assignee;
    }
    if (filter.offerType) {
      clauses.push('s.offer_type = @offerType');
      params.offerType = filter.offerType;
    }
    if (filter.from) {
      clauses.push('s.created_at >= @from');
      params.from = filter.from;
    }
    if (filter.to) {
      clauses.push('s.created_at < @to');
      params.to = dayAfter(filter.to);
    }
    const words = filter.q ? fold(filter.q).split(/\s+/).filter(Boolean).slice(0, 8) : [];
    words.forEach((word, i) => {
      // Every word somewhere; LIKE's own wildcards in the query match themselves.
      clauses.push(`s.search_text LIKE @word${i} ESCAPE '\\'`);
      params[`word${i}`] = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    });
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  return {
    page(filter: LeadFilter, me: number): { items: LeadSummary[]; total: number } {
      const { sql, params } = where(filter, me);
      const rows = db
        .prepare<Record<string, unknown>, LeadRow>(`${SELECT_LIST} ${sql} ORDER BY s.created_at DESC, s.rowid DESC LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage });
      const { n } = db.prepare<Record<string, unknown>, { n: number }>(`SELECT count(*) AS n FROM ${INBOX} ${sql}`).get(params)!;
      return { items: rows.map((row) => toSummary(row, JSON.parse(row.data) as Record<string, unknown>)), total: n };
    },

    /** Every lead a filter finds, newest first, with what it said (the CSV export), a row at a time. */
    *all(filter: LeadFilter, me: number): Generator<{ summary: LeadSummary; data: Record<string, unknown> }> {
      const { sql, params } = where(filter, me);
      for (const row of db.prepare<Record<string, unknown>, LeadRow>(`${SELECT_LIST} ${sql} ORDER BY s.created_at DESC, s.rowid DESC`).iterate(params)) {
        const data = JSON.parse(row.data) as Record<string, unknown>;
        yield { summary: toSummary(row, data), data };
      }
    },

    detail(id: string): LeadDetail | undefined {
      const row = byId.get(id);
      if (!row) return undefined;
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const history: LeadHistoryEntry[] = events.all(id).map((event) => ({
        id: event.id,
        at: event.at,
        by: event.member_name === null ? null : { id: event.member_id, name: event.member_name },
        event: JSON.parse(event.data) as LeadEvent,
      }));
      const product = typeof data.product === 'string' ? productOf(data.product, row.locale) : undefined;
      return {
        ...toSummary(row, data),
        data,
        ...(product ? { product: { slug: product.slug, title: product.title } } : {}),
        photos: photos.all(id).map((p) => ({ index: p.position, type: p.type })),
        lostReason: row.lost_reason,
        emailConfirmed: row.email_confirmed_at !== null,
        history,
      };
    },

    /** The lead's status and language, for the changes that depend on them. */
    status: (id: string) => byId.get(id),
    photo: (id: string, position: number) => photo.get(id, position),

    setStatus: (id: string, change: { status: LeadStatus; visitAt: string | null; reason: string | null }, now: string) =>
      void setStatus.run({ id, ...change, now }),
    setAssignee: (id: string, memberId: number | null) => void setAssignee.run({ id, memberId }),
    /** A note or a reply is activity too: the retention period runs from it (docs/decisions/0024-data-rights.md). */
    touch: (id: string, now: string) => void touch.run({ id, now }),
    addEvent: (id: string, event: LeadEvent, by: { id: number; name: string } | null, at: string) =>
      void insertEvent.run({ id, at, memberId: by?.id ?? null, memberName: by?.name ?? null, kind: event.kind, data: JSON.stringify(event) }),

    /** Fills the search text of leads stored before it existed (or by an older build); at start. */
    backfillSearchText(): number {
      const rows = missingSearchText.all();
      db.transaction(() => rows.forEach((row) => setSearchText.run({ id: row.id, text: leadSearchText(JSON.parse(row.data) as Record<string, unknown>) })))();
      return rows.length;
    },
  };
}
