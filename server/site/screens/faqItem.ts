import { pathTo } from '../../../shared/routes';
import { faqPage } from '../../../shared/structured-data';
import { FRESHNESS } from '../cache-control';
import { bySlugs } from '../routing/alternates';
import { breadcrumb } from '../routing/breadcrumb';
import { load, type ScreenModule, slugParam } from '../routing/loaders';

/**
 * The server's half of the `faqItem` screen: its loader (data, head, structured data) and its freshness.
 * Its paths, traits, strings and data type: shared/screens/faqItem.ts; its page: client/pages/faq-item.tsx.
 */
export default {
  async loader(args, locale) {
    const slug = slugParam(args);
    const [item, faq] = await Promise.all([
      load(args.request, () => args.context.api.faqItem(locale, slug)),
      load(args.request, () => args.context.api.faq(locale)),
    ]);
    const { t } = args.context;
    const faqPath = pathTo('faq', locale);
    return {
      item,
      faq,
      meta: {
        title: item.question,
        description: t('faq.description'),
        alternates: bySlugs('faqItem', item.slugs),
        breadcrumb: breadcrumb(
          t,
          locale,
          { title: t('faq.title'), path: faqPath },
          // The category's section of the FAQ page (FaqList gives each section this id).
          { title: item.category.title, path: `${faqPath}#faq-${item.category.slug}` },
          { title: item.question },
        ),
      },
      about: (site, url) => [faqPage([{ question: item.question, answer: item.answer, url }], site)],
    };
  },

  freshness: FRESHNESS.page,
} satisfies ScreenModule<'faqItem'>;
