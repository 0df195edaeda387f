import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `b2b` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/b2b.ts; its page: client/pages/b2b.tsx.
 */
export default {
  async loader(args, locale) {
    const page = await load(args.request, () => args.context.api.page(locale, 'b2b'));
    return { page, meta: { ...page.seo, alternates: sameScreen('b2b'), breadcrumb: breadcrumb(args.context.t, locale, { title: page.title }) } };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'b2b'>;
