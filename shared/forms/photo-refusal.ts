import { PHOTO_LIMITS, PHOTO_REFUSALS, type PhotoRefusal } from './photos';

/**
 * A refused photo as the field error of `photos`. A form's errors are one message key per field
 * (`PublicFormResult.errors`), which the page writes out in its language; a refusal must also name
 * the file, so its message is the reason's key with the file's name after a colon
 * (`form.photos.errors.tooLarge:IMG_0412.HEIC`). Locale keys never hold a colon, and everything
 * after the first one is the name, whatever it holds.
 */

const KEY_PREFIX = 'form.photos.errors.';

export const photoRefusalKey = (reason: PhotoRefusal) => `${KEY_PREFIX}${reason}`;

/** The field error the site answers for a refused photo. */
export function photoRefusalMessage(reason: PhotoRefusal, fileName: string): string {
  return `${photoRefusalKey(reason)}:${fileName}`;
}

export interface ReadRefusal {
  reason: PhotoRefusal;
  /** The file's name as the visitor's device gave it; empty when the message did not name one. */
  fileName: string;
}

/** The reason and file of a refusal message; undefined for any other message. */
export function readPhotoRefusal(message: string): ReadRefusal | undefined {
  if (!message.startsWith(KEY_PREFIX)) return undefined;
  const colon = message.indexOf(':');
  const reason = (colon < 0 ? message : message.slice(0, colon)).slice(KEY_PREFIX.length);
  if (!(PHOTO_REFUSALS as readonly string[]).includes(reason)) return undefined;
  return { reason: reason as PhotoRefusal, fileName: colon < 0 ? '' : message.slice(colon + 1) };
}

const MB = 1024 * 1024;

/** The numbers the photo messages name, from the limits, so a changed limit changes every language. */
export const PHOTO_MESSAGE_NUMBERS = {
  max: PHOTO_LIMITS.count,
  eachMb: PHOTO_LIMITS.bytesEach / MB,
  totalMb: PHOTO_LIMITS.bytesTotal / MB,
} as const;
