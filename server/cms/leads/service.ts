import type { Logger } from 'pino';
import type { LeadDetail, LeadFilter, LeadPage, LeadStatus, LeadSummary } from '../../../shared/api/staff';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import type { Actor, StaffService } from '../staff/service';
import type { LeadMetrics } from './metrics';
import { leadStore } from './store';

/**
 * The company's work on its leads (docs/decisions/0040-staff-and-leads.md): the inbox, a lead's page,
 * its status, assignee, notes and replies. Each change writes the lead's history and the audit log in
 * one transaction with the change and the mail it sends.
 */

/** What a mail to the visitor needs to know of their lead. */
export type LeadRecipient = { id: string; kind: LeadSummary['kind']; locale: Locale; email: string; offerType: LeadSummary['offerType'] };

/**
 * The mails to the visitor about their lead. Each returns whether it was queued: a lead without an
 * address gets none, and the per-address cap may hold one back.
 */
export type LeadMails = {
  visitBooked(to: LeadRecipient, visitAt: string, now: Date): boolean;
  quoteSent(to: LeadRecipient, now: Date): boolean;
  reply(to: LeadRecipient, text: string, from: { name: string; email: string }, now: Date): boolean;
};

export type LeadService = ReturnType<typeof leadService>;

export type LeadChange<T = LeadDetail> = T | 'not_found' | 'bad_assignee';

export function leadService({
  db,
  staff,
  mails,
  metrics,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  staff: StaffService;
  mails: LeadMails;
  metrics?: LeadMetrics;
  logger: Logger;
  now?: () => Date;
}) {
  const store = leadStore(db);
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

  function recipient(id: string): LeadRecipient | undefined {
    const lead = store.detail(id);
    return lead?.email ? { id, kind: lead.kind, locale: lead.locale, email: lead.email, offerType: lead.offerType } : undefined;
  }

  /** Runs a change on an existing lead in one transaction and answers the lead as it is after it. */
  function change(id: string, work: (at: Date) => void | 'bad_assignee'): LeadChange {
    return inTransaction(() => {
      if (!store.status(id)) return 'not_found';
      const at = now();
      if (work(at) === 'bad_assignee') return 'bad_assignee';
      return store.detail(id)!;
    });
  }

  return {
    page: (filter: LeadFilter, by: Actor): LeadPage => ({ ...store.page(filter, by.id), page: filter.page, perPage: filter.perPage }),

    /** A lead's page; reading someone's inquiry is itself written to the audit log. */
    detail(id: string, by: Actor): LeadDetail | undefined {
      const lead = store.detail(id);
      if (lead) staff.audit(by, { action: 'lead_viewed', leadId: id });
      return lead;
    },

    photo: (id: string, index: number) => store.photo(id, index),

    /**
     * Moves a lead to a status. A booked visit mails the visitor its date and time (again when it is
     * moved); a sent quote mails them that it is on its way.
     */
    setStatus(id: string, by: Actor, input: { status: LeadStatus; visitAt?: string; reason?: string }): LeadChange {
      return change(id, (at) => {
        const before = store.status(id)!;
        const visitAt = input.status === 'visit_booked' ? input.visitAt! : null;
        const reason = input.status === 'lost' ? input.reason! : null;
        // Saved again as it was: nothing happened, nothing to record or mail.
        if (before.status === input.status && (visitAt ?? before.visit_at) === before.visit_at && reason === before.lost_reason) return;
        store.setStatus(id, { status: input.status, visitAt, reason }, at.toISOString());
        const contactedNow = before.first_contact_at === null && store.status(id)!.first_contact_at !== null;
        if (contactedNow) metrics?.firstContact((at.getTime() - Date.parse(before.created_at)) / 1000);
        store.addEvent(id, { kind: 'status', from: before.status, to: input.status, visitAt, reason }, by, at.toISOString());
        staff.audit(by, { action: 'lead_status', leadId: id, detail: { from: before.status, to: input.status } }, at);
        const to = recipient(id);
        const rebooked = input.status === 'visit_booked' && (before.status !== 'visit_booked' || before.visit_at !== visitAt);
        if (to && rebooked) mails.visitBooked(to, visitAt!, at);
        if (to && input.status === 'quote_sent' && before.status !== 'quote_sent') mails.quoteSent(to, at);
        logger.info({ lead: id, memberId: by.id, status: input.status }, 'lead status changed');
      });
    },

    /** Gives a lead to a member who works leads (owner or sales), or to nobody. */
    assign(id: string, by: Actor, memberId: number | null): LeadChange {
      return change(id, (at) => {
        const member = memberId === null ? null : staff.assignees().find((m) => m.id === memberId);
        if (member === undefined) return 'bad_assignee';
        store.setAssignee(id, memberId);
        store.addEvent(id, { kind: 'assign', to: member }, by, at.toISOString());
        staff.audit(by, { action: 'lead_assigned', leadId: id, detail: { to: memberId } }, at);
      });
    },

    /** An internal note: for the company only (and in the visitor's copy of their data, as the law asks). */
    addNote(id: string, by: Actor, text: string): LeadChange {
      return change(id, (at) => {
        store.addEvent(id, { kind: 'note', text }, by, at.toISOString());
        store.touch(id, at.toISOString());
        staff.audit(by, { action: 'lead_note', leadId: id }, at);
      });
    },

    /** A reply mailed to the visitor (Reply-To the member, so their answer reaches a person) and kept on the lead. */
    reply(id: string, by: Actor & { email: string }, text: string): LeadChange {
      return change(id, (at) => {
        const to = recipient(id);
        const mailed = to ? mails.reply(to, text, { name: by.name, email: by.email }, at) : false;
        store.addEvent(id, { kind: 'reply', text, mailed }, by, at.toISOString());
        store.touch(id, at.toISOString());
        staff.audit(by, { action: 'lead_reply', leadId: id, detail: { mailed } }, at);
      });
    },

    /** Every lead the filters find, for the CSV export; the export is audited with its filters and count. */
    exportRows(filter: LeadFilter, by: Actor): Array<{ summary: LeadSummary; data: Record<string, unknown> }> {
      const rows = [...store.all(filter, by.id)];
      const { page: _page, perPage: _perPage, ...filters } = filter;
      staff.audit(by, { action: 'leads_exported', detail: { count: rows.length, filters } });
      return rows;
    },

    backfillSearchText: () => store.backfillSearchText(),
  };
}
