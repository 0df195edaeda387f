import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AccountSubmission } from '../../../shared/api/contract';
import type { InquiryForm } from '../../../shared/forms/inquiry';
import type { NewsletterForm } from '../../../shared/forms/newsletter';
import type { ServiceForm } from '../../../shared/forms/service';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import type { NewsletterService } from '../newsletter/service';
import { newToken, tokenHash } from '../accounts/tokens';
import { attachmentNames } from '../mail/attachment-names';
import { productReferences } from '../queries/product-reference';
import type { FormMails, MailPhoto } from './mails';
import { formStore, type StoredPhoto } from './store';

/**
 * The form use cases behind `POST forms/{kind}`. Each runs in one IMMEDIATE transaction: the key is
 * looked up, the submission stored and its mails queued together, so a crash leaves either all of it
 * or none (and the sender's retry then does it once). A key seen before returns the first id and does
 * nothing else. Logs carry ids and kinds, never what was typed.
 */

/** `created` is false when the key was already known. */
export type Ack = { id: string; created: boolean };

/**
 * What came with a submission beside its fields: a grant of a signed-in visitor's account, and the
 * site's spam mark (stored as status `spam`, never mailed or confirmed: the inbox still lists it).
 */
export type SubmissionExtras = { grant?: string; spam?: boolean };

export type FormService = ReturnType<typeof formService>;

/**
 * Who vouches for a submission's address: a grant the BFF took for a signed-in visitor, spent in the
 * transaction that stores the submission (accounts/service.ts `confirmedEmail`).
 */
export type SubmissionGrants = { confirmedEmail(grant: string, at: Date): string | undefined };

export function formService({
  db,
  mails,
  newsletter,
  grants,
  logger,
  attachmentsMaxBytes,
  now = () => new Date(),
}: {
  db: Db;
  mails: FormMails;
  newsletter: NewsletterService;
  grants: SubmissionGrants;
  logger: Logger;
  /** A submission's photos up to this many bytes go with the company's mail; above, the mail links each (MAIL_ATTACHMENTS_MAX_MB). */
  attachmentsMaxBytes: number;
  now?: () => Date;
}) {
  const store = formStore(db);
  const productOf = productReferences(db);
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();

  /**
   * Stores an inquiry or a service request under its key, with its mails, unless the key is known.
   * Its address counts as confirmed (and the account with it lists it) only when a grant of the
   * verified account with that very address came with it.
   */
  function submit<D extends { email?: string }>(
    kind: 'inquiry' | 'service',
    lang: Locale,
    key: string,
    form: D & { submissionId?: string },
    photos: readonly StoredPhoto[],
    { grant, spam = false }: SubmissionExtras,
    queueMails: (id: string, data: D, at: Date, photos: MailPhoto[]) => void,
  ): Ack {
    return inTransaction(() => {
      const known = store.submissionIdByKey(key);
      if (known !== undefined) return { id: known, created: false };
      const at = now();
      const id = randomUUID();
      // The browser's submission id made the key; it says nothing about the submission itself.
      const { submissionId: _, ...rest } = form;
      // Omit over a type with an index signature drops its named fields; what is left is D.
      const data = rest as unknown as D;
      const email = form.email ?? null;
      const confirmed = grant !== undefined && email !== null && grants.confirmedEmail(grant, at) === email;
      store.addSubmission(
        { id, key, kind, locale: lang, data, email, emailConfirmedAt: confirmed ? at.toISOString() : null, status: spam ? 'spam' : 'new' },
        at.toISOString(),
      );
      // Too large together for one mail: each photo gets a link of its own, its token known only to that mail.
      const linked = !spam && photos.reduce((total, photo) => total + photo.bytes.length, 0) > attachmentsMaxBytes;
      const tokens = photos.map(() => (linked ? newToken() : undefined));
      // Stored under the names they are attached and listed with: JPEGs, each name once.
      const names = attachmentNames(photos.map((photo) => photo.name));
      const named = photos.map((photo, i) => ({ ...photo, name: names[i]! }));
      store.addPhotos(
        id,
        named,
        tokens.map((token) => (token ? tokenHash(token) : null)),
      );
      if (!spam)
        queueMails(
          id,
          data,
          at,
          named.map((photo, i) => ({ name: photo.name, linkToken: tokens[i] })),
        );
      logger.info({ submissionId: id, kind, locale: lang, photos: photos.length, spam }, 'form submission stored');
      return { id, created: true };
    });
  }

  return {
    /** The id a key was first answered with, if it was seen before (any kind): retries skip validation. */
    knownKey(kind: 'inquiry' | 'service' | 'newsletter', key: string): string | undefined {
      return kind === 'newsletter' ? newsletter.knownKey(key) : store.submissionIdByKey(key);
    },

    inquiry: (lang: Locale, key: string, form: InquiryForm, photos: readonly StoredPhoto[] = [], extras: SubmissionExtras = {}): Ack => {
      // A product reference stays only while it names a product of the chosen family: the visitor may
      // have chosen another family after coming from a product's page. Dropped, never refused.
      const { product, ...rest } = form;
      const kept = product !== undefined && productOf(product, lang)?.offerType === form.offerType ? { ...rest, product } : rest;
      return submit('inquiry', lang, key, kept as InquiryForm, photos, extras, (id, data, at, mailPhotos) => mails.inquiry(id, lang, data, at, mailPhotos));
    },

    service: (lang: Locale, key: string, form: ServiceForm, photos: readonly StoredPhoto[] = [], extras: SubmissionExtras = {}): Ack =>
      submit('service', lang, key, form, photos, extras, (id, data, at, mailPhotos) => mails.service(id, lang, data, at, mailPhotos)),

    /** The photo a link in the company's mail opens (its token), or undefined. */
    linkedPhoto: (token: string) => store.linkedPhoto(tokenHash(token)),

    /** A photo's thumbnail for the owner of the submission (matched by their verified address), or undefined. */
    thumbnailOf: (email: string, id: string, position: number): Buffer | undefined => store.thumbnailOf(email, id, position),

    /** A newsletter signup: a confirmation mail, never a subscription by itself (newsletter/service.ts). */
    subscribe: (lang: Locale, key: string, form: NewsletterForm, { spam = false }: { spam?: boolean } = {}): Ack =>
      newsletter.signup(lang, key, form, { spam }),

    /** The inquiries and service requests confirmed for a (verified) address, newest first. */
    submissionsOf: (email: string): AccountSubmission[] => store.submissionsOf(email),
  };
}
