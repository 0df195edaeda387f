import type { Db } from '../db';
import type { FormMailTemplate } from './form-templates';
import { asJpegName } from './attachment-names';
import { mailboxKey } from './mailbox';
import type { MailTemplate } from './templates';

/**
 * The outgoing mail queue (table outgoing_mail). `enqueue` is synchronous so callers put it in the
 * same transaction as what the mail is about (a new account and its verification link commit
 * together or not at all). The worker claims one due mail at a time; a claim moves the mail's next
 * attempt a lease ahead, so a process that dies mid-send leaves it to be retried, not lost.
 */

export type QueuedMail = {
  id: number;
  recipient: string;
  /** Where replies go, when not to the sender. */
  replyTo: string | null;
  /** Headers of this mail alone (a newsletter's List-Unsubscribe). */
  headers: Record<string, string>;
  subject: string;
  text: string;
  createdAt: string;
  attempts: number;
  /** Files that go with it: a submission's photos, read from the database when the mail is sent. */
  attachments: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/** Which template wrote a mail: kept with it for the per-address limits and for operators. */
export type MailKind = MailTemplate | FormMailTemplate;

/** `photosOf`: the submission whose photos are attached (the company's notification). */
export type NewMail = { to: string; template: MailKind; subject: string; text: string; replyTo?: string; headers?: Record<string, string>; photosOf?: string };

export type MailQueue = ReturnType<typeof mailQueue>;

export function mailQueue(db: Db, { onEnqueued = () => {} }: { onEnqueued?: () => void } = {}) {
  const insert = db.prepare<{
    to: string;
    key: string;
    template: MailKind;
    subject: string;
    text: string;
    replyTo: string | null;
    headers: string | null;
    photosOf: string | null;
    now: string;
  }>(
    `INSERT INTO outgoing_mail (recipient, recipient_key, template, subject, text, reply_to, headers, photos_of, created_at, next_attempt_at)
     VALUES (@to, @key, @template, @subject, @text, @replyTo, @headers, @photosOf, @now, @now)`,
  );
  const photos = db.prepare<[string], MailAttachment>(
    'SELECT name AS filename, type AS contentType, bytes AS content FROM submission_photos WHERE submission_id = ? ORDER BY position',
  );
  const countSince = db.prepare<{ key: string; templates: string; since: string }, { n: number }>(
    'SELECT count(*) AS n FROM outgoing_mail WHERE recipient_key = @key AND template IN (SELECT value FROM json_each(@templates)) AND created_at > @since',
  );
  const claim = db.prepare<
    { now: string; leaseUntil: string },
    {
      id: number;
      recipient: string;
      reply_to: string | null;
      headers: string | null;
      subject: string;
      text: string;
      created_at: string;
      attempts: number;
      photos_of: string | null;
    }
  >(`UPDATE outgoing_mail SET attempts = attempts + 1, next_attempt_at = @leaseUntil
     WHERE id = (SELECT id FROM outgoing_mail WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= @now
                 ORDER BY next_attempt_at, id LIMIT 1)
     RETURNING id, recipient, reply_to, headers, subject, text, created_at, attempts, photos_of`);
  const sent = db.prepare<{ id: number; now: string }>(
    `UPDATE outgoing_mail SET sent_at = @now, text = '', reply_to = NULL, headers = NULL, last_error = NULL WHERE id = @id`,
  );
  const retry = db.prepare<{ id: number; error: string; nextAt: string }>(
    'UPDATE outgoing_mail SET last_error = @error, next_attempt_at = @nextAt WHERE id = @id',
  );
  const giveUp = db.prepare<{ id: number; error: string; now: string }>(
    `UPDATE outgoing_mail SET last_error = @error, given_up_at = @now, text = '', reply_to = NULL, headers = NULL WHERE id = @id`,
  );
  const nextDue = db.prepare<[], { next_attempt_at: string }>(
    `SELECT next_attempt_at FROM outgoing_mail WHERE sent_at IS NULL AND given_up_at IS NULL
     ORDER BY next_attempt_at LIMIT 1`,
  );

  return {
    /** Adds a mail; call it inside the transaction that makes the mail true. */
    enqueue(mail: NewMail, now: Date): void {
      insert.run({
        to: mail.to,
        key: mailboxKey(mail.to),
        template: mail.template,
        subject: mail.subject,
        text: mail.text,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
        photosOf: mail.photosOf ?? null,
        now: now.toISOString(),
      });
      // After the caller's transaction has committed: the worker must find the row.
      setImmediate(onEnqueued);
    },
    /**
     * How many mails of this template (or these) went to this address's mailbox since a moment, however it was
     * spelled (`name+1@`, `Name@`): for limits against mail bombing.
     */
    countSince(to: string, template: MailKind | readonly MailKind[], since: Date): number {
      return countSince.get({
        key: mailboxKey(to),
        templates: JSON.stringify(typeof template === 'string' ? [template] : template),
        since: since.toISOString(),
      })!.n;
    },
    claimNext(now: Date, leaseMs: number): QueuedMail | undefined {
      const row = claim.get({ now: now.toISOString(), leaseUntil: new Date(now.getTime() + leaseMs).toISOString() });
      return (
        row && {
          id: row.id,
          recipient: row.recipient,
          replyTo: row.reply_to,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
          subject: row.subject,
          text: row.text,
          createdAt: row.created_at,
          attempts: row.attempts,
          // Read at each attempt, one mail at a time: the photos are never held for the whole queue. Stored
          // with their JPEG names since issue 26; a photo stored before is named so here.
          attachments: row.photos_of ? photos.all(row.photos_of).map((photo) => ({ ...photo, filename: asJpegName(photo.filename) })) : [],
        }
      );
    },
    markSent(id: number, now: Date): void {
      sent.run({ id, now: now.toISOString() });
    },
    retryAt(id: number, error: string, nextAt: Date): void {
      retry.run({ id, error, nextAt: nextAt.toISOString() });
    },
    giveUp(id: number, error: string, now: Date): void {
      giveUp.run({ id, error, now: now.toISOString() });
    },
    /** When the earliest unsent mail is due (possibly in the past), or undefined when none waits. */
    nextDueAt(): Date | undefined {
      const row = nextDue.get();
      return row && new Date(row.next_attempt_at);
    },
  };
}
