import { PHOTO_FIELD, PHOTO_LIMITS, type PhotoRefusal } from '../../../../shared/forms/photos';
import type { PublicFormResult } from '../../../../shared/page-data';
import type { MessageParams } from '../messages';

const MB = 1024 * 1024;

/** The numbers the photo messages name, from the limits, so a changed limit changes every language. */
export const PHOTO_MESSAGE_NUMBERS = {
  max: PHOTO_LIMITS.count,
  eachMb: PHOTO_LIMITS.bytesEach / MB,
  totalMb: PHOTO_LIMITS.bytesTotal / MB,
} as const;

const KEY_PREFIX = 'form.photos.errors.';

/** The message key of a refusal; its text takes the file's `{{name}}` and the limits. */
export const photoRefusalKey = (reason: PhotoRefusal) => `${KEY_PREFIX}${reason}`;

/**
 * A form's message values with photos: a refusal from the site names the file its answer names
 * (`photoRefused`), and the limits; every other message keeps the form's own values. Without a name
 * the sentence still reads (the name stands apart in every language).
 */
export function withPhotoParams(params: MessageParams, refused: PublicFormResult['photoRefused']): MessageParams {
  return (message) => (message.startsWith(KEY_PREFIX) ? { ...PHOTO_MESSAGE_NUMBERS, name: refused?.name ?? '' } : params(message));
}

/** The field order with the photo field after `after` (where the form shows it), for focus and the error list. */
export function withPhotoField(order: readonly string[], after: string): string[] {
  const index = order.indexOf(after);
  return index < 0 ? [...order] : [...order.slice(0, index + 1), PHOTO_FIELD, ...order.slice(index + 1)];
}
