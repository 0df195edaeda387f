import { FRESHNESS } from '../cache-control';
import { sameScreen } from '../routing/alternates';
import { load, type ScreenModule } from '../routing/loaders';

/**
 * The server's half of the `index` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/index.ts; its page: client/pages/home.tsx.
 */
export default {
  async loader(args, locale) {
    const home = await load(args.request, () => args.context.api.home(locale));
    return { home, meta: { ...home.seo, alternates: sameScreen('index'), image: home.hero.image } };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'index'>;
