import type { Logger } from 'pino';
import type { Locale } from '../../../shared/locales';
import { companySettings } from '../company';
import type { Db } from '../db';
import {
  formatReceivedAt,
  formLabels,
  inquirySections,
  inquirySummary,
  offerTypeLabel,
  photoCountRow,
  photoLinkRow,
  photoRow,
  renderFormMail,
  serviceSections,
  serviceSummary,
  type FormLabels,
  type FormMailTemplate,
  type Section,
  type StoredInquiry,
  type StoredService,
} from '../mail/form-templates';
import { confirmationAllowed } from '../mail/confirmation-cap';
import type { MailQueue } from '../mail/queue';
import { submissionPhotoPath } from '../../../shared/api/bff';
import type { CmsStrings } from '../strings';
import { productReferences } from '../queries/product-reference';
import { pathTo } from '../../../shared/routes';

/** A photo as the mails name it; `linkToken` when the company's mail links it rather than attaching it. */
export type MailPhoto = { name: string; linkToken?: string };

/**
 * The mails a form submission sends: a notification to the company's address from the settings
 * (Reply-To the visitor, so answering it answers them) and a confirmation to the visitor (Reply-To
 * the company, so a visitor who answers reaches a person rather than the no-reply sender). Every
 * function must be called inside the transaction that stores the submission.
 */

export type FormMails = ReturnType<typeof formMails>;

/**
 * `companyLocale`: the language the company reads its notifications in (COMPANY_LOCALE); each names
 * the visitor's language, the one to answer in.
 */
export function formMails(
  db: Db,
  queue: MailQueue,
  { siteUrl, logger, strings, companyLocale }: { siteUrl: string; logger: Logger; strings: CmsStrings; companyLocale: Locale },
) {
  const company = companySettings(db, new URL(siteUrl).hostname);
  const productOf = productReferences(db);

  /** The product page the inquiry came from, named and linked (in the mail's language), first among the product's rows. */
  const withProduct = (sections: Section[], form: StoredInquiry, lang: Locale, labels: FormLabels): Section[] => {
    const product = form.product === undefined ? undefined : productOf(form.product, lang);
    if (!product) return sections;
    const row = { label: labels.mail('rows.product'), value: `${product.title} – ${new URL(pathTo('product', lang, { slug: product.slug }), siteUrl).href}` };
    return sections.map((section, i) => (i === 0 ? { ...section, rows: [row, ...section.rows] } : section));
  };

  /**
   * The forms answer anyone, and must not become a way to flood someone else's inbox under the
   * company's name (mail/confirmation-cap.ts); the company's own notification is never held back.
   */
  function confirm(to: string, template: FormMailTemplate, at: Date, mail: { subject: string; text: string }, companyEmail: string): void {
    if (!confirmationAllowed(queue, to, at)) return;
    queue.enqueue({ to, template, ...mail, replyTo: companyEmail || undefined }, at);
  }

  /**
   * The photos go with the notification as attachments, or, when together they are larger than the
   * content API's limit (MAIL_ATTACHMENTS_MAX_MB), it links each one (the service decided which).
   */
  function notify(
    id: string,
    template: FormMailTemplate,
    at: Date,
    mail: { subject: string; text: string },
    replyTo: string | undefined,
    photos: readonly MailPhoto[],
  ): void {
    const to = company().email;
    // The submission is stored and listed either way; an operator must fix the settings.
    if (!to) return void logger.error({ submissionId: id, template }, 'no company_email in the settings: notification not sent');
    const attached = photos.length > 0 && !isLinked(photos);
    queue.enqueue({ to, template, ...mail, replyTo, ...(attached ? { photosOf: id } : {}) }, at);
  }

  const isLinked = (photos: readonly MailPhoto[]) => photos.some((photo) => photo.linkToken !== undefined);

  /** The sections, with the photos' names (as attached: JPEGs, forms/service.ts) and links at the end. */
  const withPhotos = (sections: Section[], photos: readonly MailPhoto[], labels: FormLabels): Section[] => {
    if (photos.length === 0) return sections;
    const rows = isLinked(photos)
      ? photoLinkRow(
          photos.map((photo) => ({ name: photo.name, url: new URL(submissionPhotoPath(photo.linkToken!), siteUrl).href })),
          labels,
        )
      : photoRow(
          photos.map((photo) => photo.name),
          labels,
        );
    return [...sections, { title: labels.mail('rows.photos'), rows }];
  };

  return {
    inquiry(id: string, lang: Locale, form: StoredInquiry, at: Date, photos: MailPhoto[] = []): void {
      const ours = formLabels(strings, companyLocale);
      notify(
        id,
        'inquiry_notification',
        at,
        renderFormMail(strings, 'inquiry_notification', companyLocale, {
          offerType: offerTypeLabel(form, ours),
          sections: withPhotos(withProduct(inquirySections(form, ours), form, companyLocale, ours), photos, ours),
          language: strings.languageName(lang, companyLocale),
          receivedAt: formatReceivedAt(companyLocale, at),
          id,
          replyTo: form.email,
        }),
        form.email,
        photos,
      );
      // A visitor who gave only a phone is called; there is no one to confirm to.
      if (form.email) {
        const labels = formLabels(strings, lang);
        const { name, email, phone } = company(lang);
        const confirmation = renderFormMail(strings, 'inquiry_confirmation', lang, {
          company: name,
          summary: [...inquirySummary(form, labels), ...photoCountRow(photos.length, labels)],
          contactEmail: email,
          contactPhone: phone,
        });
        confirm(form.email, 'inquiry_confirmation', at, confirmation, email);
      }
    },

    service(id: string, lang: Locale, form: StoredService, at: Date, photos: MailPhoto[] = []): void {
      const ours = formLabels(strings, companyLocale);
      notify(
        id,
        'service_notification',
        at,
        renderFormMail(strings, 'service_notification', companyLocale, {
          sections: withPhotos(serviceSections(form, ours), photos, ours),
          language: strings.languageName(lang, companyLocale),
          receivedAt: formatReceivedAt(companyLocale, at),
          id,
          replyTo: form.email,
        }),
        form.email,
        photos,
      );
      // Without an address the company calls back; there is no one to confirm to.
      if (form.email) {
        const labels = formLabels(strings, lang);
        const { name, email, phone } = company(lang);
        const confirmation = renderFormMail(strings, 'service_confirmation', lang, {
          company: name,
          summary: [...serviceSummary(form, labels), ...photoCountRow(photos.length, labels)],
          contactEmail: email,
          contactPhone: phone,
        });
        confirm(form.email, 'service_confirmation', at, confirmation, email);
      }
    },
  };
}
