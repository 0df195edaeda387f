import type { AccountSubmission } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { leadSearchText } from '../leads/search-text';
import { leadTexts } from '../leads/texts';
import { visitorStatus, type LeadStatus } from '../../../shared/api/staff';

/** The submissions table: every statement, nothing else (the newsletter's are in ../newsletter/store.ts). */

export type SubmissionKind = 'inquiry' | 'service';

export type NewSubmission = {
  id: string;
  key: string;
  kind: SubmissionKind;
  locale: Locale;
  data: unknown;
  email: string | null;
  /** When the address was shown to be the poster's (a grant of its verified account); null otherwise. */
  emailConfirmedAt: string | null;
  /** `spam`: the site judged it so; a lead the staff can still find, and mark otherwise. */
  status?: 'new' | 'spam';
};

/** A photo as the content API stores it: the BFF's re-encoded JPEG and a thumbnail made of it here. */
export type StoredPhoto = { name: string; type: string; bytes: Buffer; thumbnail: Buffer };

/**
 * The most an account lists. Matching is by address, so an address that sends many (a company's own,
 * used for tests) must not make one page load unbounded.
 */
export const ACCOUNT_SUBMISSIONS_LIMIT = 200;

export type FormStore = ReturnType<typeof formStore>;

export function formStore(db: Db) {
  const submissionByKey = db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE idempotency_key = ?');
  const insertSubmission = db.prepare<{
    id: string;
    key: string;
    kind: SubmissionKind;
    locale: Locale;
    data: string;
    email: string | null;
    emailConfirmedAt: string | null;
    status: 'new' | 'spam';
    searchText: string;
    now: string;
  }>(
    `INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, email_confirmed_at, status, search_text, created_at, last_activity_at)
     VALUES (@id, @key, @kind, @locale, @data, @email, @emailConfirmedAt, @status, @searchText, @now, @now)`,
  );
  // Every submission held under the address (the right of access), each marked by whether it was sent
  // signed in to this account: one a stranger typed the address into is listed, but never as the account's.
  const submissionsOf = db.prepare<
    { email: string; limit: number },
    { id: string; kind: SubmissionKind; offer_type: string | null; status: LeadStatus; created_at: string; visit_at: string | null; signed_in: 0 | 1 }
  >(
    `SELECT id, kind, offer_type, status, created_at, visit_at, email_confirmed_at IS NOT NULL AS signed_in FROM submissions
     WHERE email = @email AND anonymised_at IS NULL
     ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
  );

  const texts = leadTexts(db);
  const insertPhoto = db.prepare<{
    submissionId: string;
    position: number;
    name: string;
    type: string;
    bytes: Buffer;
    thumbnail: Buffer;
    linkTokenHash: string | null;
  }>(
    `INSERT INTO submission_photos (submission_id, position, name, type, bytes, thumbnail, link_token_hash)
     VALUES (@submissionId, @position, @name, @type, @bytes, @thumbnail, @linkTokenHash)`,
  );
  const linkedPhoto = db.prepare<[string], { name: string; type: string; bytes: Buffer }>(
    'SELECT name, type, bytes FROM submission_photos WHERE link_token_hash = ?',
  );
  const photoNames = db.prepare<[string], { name: string }>('SELECT name FROM submission_photos WHERE submission_id = ? ORDER BY position');
  // Only by the owner's (verified) address, as the account lists them: whoever asks for another's submission finds nothing.
  const thumbnail = db.prepare<{ email: string; id: string; position: number }, { thumbnail: Buffer }>(
    `SELECT p.thumbnail FROM submission_photos p JOIN submissions s ON s.id = p.submission_id
     WHERE s.email = @email AND s.anonymised_at IS NULL AND s.id = @id AND p.position = @position`,
  );

  return {
    /** The id stored under an idempotency key, if any (an inquiry's or a service request's). */
    submissionIdByKey: (key: string) => submissionByKey.get(key)?.id,
    addSubmission: (submission: NewSubmission, now: string) =>
      void insertSubmission.run({
        ...submission,
        status: submission.status ?? 'new',
        data: JSON.stringify(submission.data),
        searchText: leadSearchText(submission.data as Record<string, unknown>),
        now,
      }),
    /**
     * An address's inquiries and service requests, newest first, each saying whether it was sent signed in
     * to the account (docs/decisions/0044-submissions-before-the-account.md). For a verified address only.
     */
    submissionsOf: (email: string): AccountSubmission[] =>
      submissionsOf.all({ email, limit: ACCOUNT_SUBMISSIONS_LIMIT }).map((row) => ({
        id: row.id,
        kind: row.kind,
        offerType: row.kind === 'inquiry' ? row.offer_type : null,
        status: visitorStatus(row.status),
        createdAt: row.created_at,
        photos: photoNames.all(row.id),
        visitAt: row.visit_at,
        replies: texts(row.id, 'reply'),
        sentSignedIn: row.signed_in === 1,
      })),
    /** `linkTokenHashes`: each photo's link's token hash, when the company's mail links them. */
    addPhotos: (submissionId: string, photos: readonly StoredPhoto[], linkTokenHashes: readonly (string | null)[] = []) =>
      photos.forEach((photo, position) => insertPhoto.run({ submissionId, position, ...photo, linkTokenHash: linkTokenHashes[position] ?? null })),
    /** The photo a link's token hash opens, if any. */
    linkedPhoto: (tokenHash: string) => linkedPhoto.get(tokenHash),
    /** A photo's thumbnail, if the submission is this address's and has that photo. */
    thumbnailOf: (email: string, id: string, position: number) => thumbnail.get({ email, id, position })?.thumbnail,
  };
}
