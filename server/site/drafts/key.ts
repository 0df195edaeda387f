import { createHash, randomBytes } from 'node:crypto';

/** A new draft's secret, for its cookie: 192 random bits. */
export function newDraftId(): string {
  return randomBytes(24).toString('base64url');
}

/** The shape of a draft's secret: a cookie holding anything else names no draft. */
export const DRAFT_ID = /^[A-Za-z0-9_-]{32}$/;

/** What the store keys a draft by: the hash of its secret, so a copy of the table opens no visitor's draft. */
export function draftKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
