/**
 * Photos a visitor attaches to an inquiry (its contact step) or a service request: one source of the
 * limits for the browser's checks, the no-JavaScript form, the site's multipart parser, the outbox and
 * the content API. Every photo is decoded on the server whatever its name or type says; the type list
 * only narrows the file picker and the browser's early check.
 */

/** The multipart field the photos travel in, repeated once per photo. */
export const PHOTO_FIELD = 'photos';

/**
 * The inquiry's photos kept with a draft without JavaScript (docs/decisions/0051): the last step lists
 * each with a checkbox of this name, its value the photo's id; a ticked one is removed by the post.
 */
export const REMOVE_PHOTO_FIELD = 'removePhoto';

/** A photo kept with an inquiry's draft, as its last step lists it. */
export interface KeptPhoto {
  /** The SHA-256 of its stored bytes (base64url): what the checkbox names, and what the submission's key counts. */
  id: string;
  /** The visitor's file name (cleaned). */
  name: string;
}

/** Forms that take photos. */
export const PHOTO_FORMS = ['inquiry', 'service'] as const;

export const PHOTO_LIMITS = {
  count: 5,
  bytesEach: 10 * 1024 * 1024,
  bytesTotal: 25 * 1024 * 1024,
  /** Accepted photos are re-encoded to at most this many pixels on their long side. */
  longSidePx: 2560,
} as const;

/** What the file picker offers (`accept`); HEIC is named twice since browsers report either. */
export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', '.heic', '.heif'] as const;

/**
 * Why a photo was refused: each has a message `form.photos.errors.{reason}` in every locale.
 * `overBudget`: its sender has used their hour's budget of photos (bytes stored, or decoding time).
 */
export const PHOTO_REFUSALS = ['tooMany', 'tooLarge', 'totalTooLarge', 'notAnImage', 'overBudget'] as const;
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number];
