import { pathTo } from '../../../shared/routes';
import { FRESHNESS } from '../cache-control';
import { bySlugs } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, redirectTo, type ScreenModule, slugParam } from '../routing/loaders';

/**
 * The server's half of the `page` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/page.ts; its page: client/pages/content-page.tsx.
 */
export default {
  async loader(args, locale) {
    const slug = slugParam(args);
    // The content page `home` is the home page itself.
    if (slug === 'home') throw redirectTo(pathTo('index', locale));
    const page = await load(args.request, () => args.context.api.page(locale, slug));
    // The business-customer page has its own route; its content-page address points there.
    if (page.key === 'b2b') throw redirectTo(pathTo('b2b', locale));
    return { page, meta: { ...page.seo, alternates: bySlugs('page', page.slugs), breadcrumb: breadcrumb(args.context.t, locale, { title: page.title }) } };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'page'>;
