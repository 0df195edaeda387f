import { fieldErrors } from '../../../shared/forms/fields';
import { serviceForm } from '../../../shared/forms/service-form';
import { FRESHNESS } from '../cache-control';
import { accept, account, answer, judged, meta, photosOf, readPost, screen, withSpam } from '../routing/form-screens';
import type { ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `service` screen: its loader (data, head, structured data), its action and its freshness.
 * Its paths, traits, strings and data type: shared/screens/service.ts; its page: client/pages/service.tsx.
 */
export default {
  async loader(args, locale) {
    return { ...(await screen(args, locale)), meta: meta(args, locale, 'service') };
  },

  async action(args, locale) {
    const { posted, values } = await readPost(args.request);
    const parsed = serviceForm.safeParse(values);
    const photos = await photosOf(args);
    if (!parsed.success || !photos.ok) {
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(photos.ok ? {} : photos.errors) };
      const refused = photos.ok || !photos.photoRefused ? {} : { photoRefused: photos.photoRefused };
      return answer({ form: 'service', values, errors, ...refused }, photos.ok ? 400 : photos.status);
    }
    const judgement = await judged(args, 'service', posted);
    if ('expired' in judgement) return answer(judgement.expired, 400);
    const body = parsed.data;
    // A signed-in visitor's request carries their address, so it shows among their submissions.
    if (!body.email) body.email = (await account(args, locale))?.email;
    return accept(args, locale, 'service', withSpam(body, judgement.spam), values, undefined, photos);
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'service'>;
