import { PHOTO_MESSAGE_NUMBERS, readPhotoRefusal } from '../../../../shared/forms/photo-refusal';
import { PHOTO_FIELD } from '../../../../shared/forms/photos';
import type { MessageParams } from '../messages';

/** What a refusal from the site names: the file, and the limits its message states. */
export const photoMessageParams: MessageParams = (message) => {
  const refusal = readPhotoRefusal(message);
  return refusal ? { ...PHOTO_MESSAGE_NUMBERS, name: refusal.fileName } : undefined;
};

/** A form's messages with photos: a refusal's values, else the form's own. */
export function withPhotoParams(params: MessageParams): MessageParams {
  return (message) => photoMessageParams(message) ?? params(message);
}

/** The field order with the photo field after `after` (where the form shows it), for focus and the error list. */
export function withPhotoField(order: readonly string[], after: string): string[] {
  const index = order.indexOf(after);
  return index < 0 ? [...order] : [...order.slice(0, index + 1), PHOTO_FIELD, ...order.slice(index + 1)];
}
