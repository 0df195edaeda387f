import type { StaffLocale, StaffRole } from '../../../shared/api/staff';
import { LOCALE_ISO } from '../../../shared/locales';
import { companySettings } from '../company';
import type { Db } from '../db';
import type { LeadMails, LeadRecipient } from '../leads/service';
import { COMPANY_TIME_ZONE } from '../../../shared/company-time-zone';
import { confirmationAllowed } from '../mail/confirmation-cap';
import type { MailQueue } from '../mail/queue';
import { renderMail } from '../mail/templates';
import type { CmsStrings } from '../strings';
import type { StaffMails } from './service';

/**
 * The mails of the staff area: invitations to join, and what the visitor hears of their lead (a booked
 * visit, a sent quote, a reply). Called inside the transaction of the change they announce.
 */

export function staffMails(db: Db, queue: MailQueue, siteUrl: string, strings: CmsStrings): StaffMails & LeadMails {
  const origin = siteUrl.replace(/\/+$/, '');
  const company = companySettings(db, new URL(origin).hostname);
  // Service mails about one's own lead, still bounded with the forms' confirmations: the address may not be the visitor's own.
  const allowed = (to: string, at: Date) => confirmationAllowed(queue, to, at);
  // The phone of the visitor's market, as the site's header shows it in their language.
  const contact = (to: LeadRecipient) => {
    const { name, phone, email } = company(to.locale);
    return { company: name, contactPhone: phone, contactEmail: email };
  };

  /** A visit's local date and time (the company's zone) in words of the visitor's language. */
  function visitWords(to: LeadRecipient, visitAt: string): string {
    // The wall time stands for itself: formatted as UTC so no zone moves it.
    const at = new Date(`${visitAt}:00.000Z`);
    return new Intl.DateTimeFormat(LOCALE_ISO[to.locale], { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  }

  return {
    invitation(to: string, lang: StaffLocale, link: { token: string; role: StaffRole; expiresAt: string }, now: Date): void {
      const until = new Intl.DateTimeFormat(LOCALE_ISO[lang], { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE }).format(
        new Date(link.expiresAt),
      );
      const mail = renderMail(strings, 'staff_invitation', lang, {
        company: company().name,
        link: `${origin}/admin/invitation?token=${encodeURIComponent(link.token)}`,
        role: strings.staff(lang)(`roles.${link.role}`),
        until,
      });
      queue.enqueue({ to, template: 'staff_invitation', ...mail }, now);
    },

    visitBooked(to, visitAt, now) {
      if (!allowed(to.email, now)) return false;
      queue.enqueue(
        {
          to: to.email,
          template: 'lead_visit_booked',
          ...renderMail(strings, 'lead_visit_booked', to.locale, { ...contact(to), when: visitWords(to, visitAt) }),
          replyTo: company().email || undefined,
        },
        now,
      );
      return true;
    },

    quoteSent(to, now) {
      if (!allowed(to.email, now)) return false;
      queue.enqueue(
        { to: to.email, template: 'lead_quote_sent', ...renderMail(strings, 'lead_quote_sent', to.locale, contact(to)), replyTo: company().email || undefined },
        now,
      );
      return true;
    },

    reply(to, text, from, now) {
      queue.enqueue(
        {
          to: to.email,
          template: 'lead_reply',
          ...renderMail(strings, 'lead_reply', to.locale, { company: company().name, text, member: from.name }),
          replyTo: from.email,
        },
        now,
      );
      return true;
    },
  };
}
