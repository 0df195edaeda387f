import type { Logger } from 'pino';
import type { Locale } from '../../../shared/locales';
import { companySettings } from '../company';
import type { Db } from '../db';
import {
  formatReceivedAt, formLabels, inquirySections, inquirySummary, offerTypeLabel, photoRow, renderFormMail, serviceSections, serviceSummary,
  type FormLabels, type FormMailTemplate, type Section, type StoredInquiry, type StoredService,
} from '../mail/form-templates';
import type { MailQueue } from '../mail/queue';
import type { CmsStrings } from '../strings';

/**
 * The mails a form submission sends: a notification to the company's address from the settings
 * (Reply-To the visitor, so answering it answers them) and a confirmation to the visitor (Reply-To
 * the company, so a visitor who answers reaches a person rather than the no-reply sender). Every
 * function must be called inside the transaction that stores the submission.
 */

/**
 * At most this many confirmations of one kind to one address per hour. The forms answer anyone, and
 * must not become a way to flood someone else's inbox under the company's name; the company's own
 * notification is never held back (the BFF limits how fast one client may post).
 */
export const CONFIRMATIONS_PER_HOUR = 5;

export type FormMails = ReturnType<typeof formMails>;

export function formMails(db: Db, queue: MailQueue, { siteUrl, logger, strings }: { siteUrl: string; logger: Logger; strings: CmsStrings }) {
  const company = companySettings(db, new URL(siteUrl).hostname);

  function confirm(to: string, template: FormMailTemplate, at: Date, mail: { subject: string; text: string }, companyEmail: string): void {
    if (queue.countSince(to, template, new Date(at.getTime() - 60 * 60_000)) >= CONFIRMATIONS_PER_HOUR) return;
    queue.enqueue({ to, template, ...mail, replyTo: companyEmail || undefined }, at);
  }

  /**
   * The photos go with the notification as attachments, always: the BFF re-encodes each to at most
   * about 2.5 MB (server/photos/prepare.ts), so five fit in one mail under the common 25 MB limit.
   */
  function notify(id: string, template: FormMailTemplate, at: Date, mail: { subject: string; text: string }, replyTo: string | undefined, photos: boolean): void {
    const to = company().email;
    // The submission is stored and listed either way; an operator must fix the settings.
    if (!to) return void logger.error({ submissionId: id, template }, 'no company_email in the settings: notification not sent');
    queue.enqueue({ to, template, ...mail, replyTo, ...(photos ? { photosOf: id } : {}) }, at);
  }

  /** The sections, with the photos' names at the end of the last one. */
  const withPhotos = (sections: Section[], names: string[], labels: FormLabels): Section[] =>
    names.length === 0 ? sections : [...sections, { title: labels.mail('rows.photos'), rows: photoRow(names, labels, { attached: true }) }];

  return {
    inquiry(id: string, lang: Locale, form: StoredInquiry, at: Date, photos: string[] = []): void {
      const labels = formLabels(strings, lang);
      const { name, email, phone } = company();
      notify(
        id,
        'inquiry_notification',
        at,
        renderFormMail(strings, 'inquiry_notification', lang, {
          offerType: offerTypeLabel(form, labels),
          sections: withPhotos(inquirySections(form, labels), photos, labels),
          language: strings.languageName(lang, lang),
          receivedAt: formatReceivedAt(lang, at),
          id,
          replyTo: form.email,
        }),
        form.email,
        photos.length > 0,
      );
      const confirmation = renderFormMail(strings, 'inquiry_confirmation', lang, {
        company: name,
        summary: [...inquirySummary(form, labels), ...photoRow(photos, labels, { attached: false })],
        contactEmail: email,
        contactPhone: phone,
      });
      confirm(form.email, 'inquiry_confirmation', at, confirmation, email);
    },

    service(id: string, lang: Locale, form: StoredService, at: Date, photos: string[] = []): void {
      const labels = formLabels(strings, lang);
      const { name, email, phone } = company();
      notify(
        id,
        'service_notification',
        at,
        renderFormMail(strings, 'service_notification', lang, {
          sections: withPhotos(serviceSections(form, labels), photos, labels),
          language: strings.languageName(lang, lang),
          receivedAt: formatReceivedAt(lang, at),
          id,
          replyTo: form.email,
        }),
        form.email,
        photos.length > 0,
      );
      // Without an address the company calls back; there is no one to confirm to.
      if (form.email) {
        const confirmation = renderFormMail(strings, 'service_confirmation', lang, { company: name, summary: [...serviceSummary(form, labels), ...photoRow(photos, labels, { attached: false })], contactEmail: email, contactPhone: phone });
        confirm(form.email, 'service_confirmation', at, confirmation, email);
      }
    },
  };
}
