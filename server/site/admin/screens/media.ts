import { mediaUploadBodySchema, type MediaUploadBody } from '../../../../shared/api/staff-media';
import { adminPath } from '../../../../shared/admin/routes';
import { PHOTO_FIELD } from '../../../../shared/forms/photos';
import { LOCALES } from '../../../../shared/locales';
import { clientKey } from '../../photos/client-budget';
import { postedPhotos } from '../../photos/upload';
import { errorsOf, failed, postedFields, refused, seeOther } from '../answers';
import type { AdminScreenModule } from '../context';

/**
 * The editors' photos (docs/decisions/0046-editors-images.md). An upload is a photo decoded and
 * cleaned by the decoder visitors' photos go through (server/site/photos: its format budgets, pixel limits
 * and re-encoding without metadata), then stored by the content API, which makes its variants; its alt
 * text is required in every language, and can be changed afterwards.
 */

/** The alt texts as the form posts them (`alt.sl`, `alt.en`, `alt.de`), checked; or the fields' message keys. */
function altOf(values: Record<string, string>): { ok: true; body: MediaUploadBody } | { ok: false; errors: Record<string, string> } {
  const input = mediaUploadBodySchema.safeParse({ alt: Object.fromEntries(LOCALES.map((l) => [l, values[`alt.${l}`] ?? ''])) });
  if (input.success) return { ok: true, body: input.data };
  return { ok: false, errors: Object.fromEntries(input.error.issues.map((issue) => [issue.path.join('.'), issue.message])) };
}

export const media: AdminScreenModule<'media'> = {
  async loader({ context }) {
    const result = await context.media.list(context.session!);
    if (!result.ok) failed(result.status);
    return { items: result.data };
  },

  /** `intent`: upload (a `photos` file and the alt texts), alt (`id` and the alt texts). */
  async action({ request, context }) {
    const values = await postedFields(request);
    const token = context.session!;
    const alt = altOf(values);

    if (values.intent === 'alt') {
      const form = `alt-${values.id}`;
      if (!alt.ok) return refused({ form, values, errors: alt.errors });
      const result = await context.media.setAlt(token, String(values.id), alt.body);
      return result.ok
        ? seeOther(adminPath('media', {}, { done: 'alt' }))
        : refused({ form, values, errors: errorsOf(result, 'errors.unavailable') }, result.status);
    }
    if (values.intent !== 'upload') return refused({ errors: { form: 'errors.unavailable' } });

    const posted = postedPhotos(request);
    const errors: Record<string, string> = alt.ok ? {} : { ...alt.errors };
    if (posted.refused) errors[PHOTO_FIELD] = `media.errors.${posted.refused.reason}`;
    else if (posted.photos.length !== 1) errors[PHOTO_FIELD] = posted.photos.length === 0 ? 'media.errors.required' : 'media.errors.tooMany';
    if (!alt.ok || Object.keys(errors).length > 0) return refused({ form: 'upload', values, errors });

    const prepared = await context.photos.prepare(posted.photos, { client: clientKey(context.client), signal: request.signal });
    if (!prepared.ok) {
      if ('busy' in prepared) return refused({ form: 'upload', values, errors: { form: 'media.errors.busy' } }, 503);
      return refused({ form: 'upload', values, errors: { [PHOTO_FIELD]: `media.errors.${prepared.reason}` } });
    }
    const result = await context.media.upload(token, alt.body, prepared.photos[0]!);
    if (result.ok) return seeOther(adminPath('media', {}, { done: 'upload' }));
    // The content API's own refusal of the photo is in the visitors' words: said here in the staff's.
    const refusedFields = errorsOf(result, 'errors.unavailable');
    if (refusedFields[PHOTO_FIELD]) refusedFields[PHOTO_FIELD] = 'media.errors.notAnImage';
    return refused({ form: 'upload', values, errors: refusedFields }, result.status);
  },
};
