import type { TFunction } from 'i18next';
import { STATUS_CODES } from 'node:http';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { settingsFromList, type Init, type Product } from '../../shared/api/contract';
import { DEFAULT_SHARE_IMAGE } from '../../shared/head';
import { LOCALES, type Locale } from '../../shared/locales';
import type { LayoutData, NotFoundData, PageMeta, RouteErrorData, ScreenData } from '../../shared/page-data';
import { SLUG_PATTERN } from '../../shared/page-data';
import { parseListPage } from '../../shared/pagination';
import { MAX_FAQ_QUERY } from '../../shared/search/faq-items';
import { pathTo, ROUTE_TRAITS, type ActionRoute, type RouteName } from '../../shared/routes';
import { UpstreamError, UpstreamNotFound } from '../upstream/client';
import { unchanged } from '../upstream/kept-unchanged';
import { fallbackInit } from '../upstream/fallback-init';
import { accountActions, accountLoaders } from './account-routes';
import { bySlugs, sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import { formActions, formLoaders } from './form-routes';
import { newsletterActions, newsletterLoaders } from './newsletter-routes';
import type { LoaderContext } from './loader-context';
import { absoluteUrl, articleLd, breadcrumbList, faqPage, localBusiness, productLd, type JsonLd, type SiteFacts } from '../../shared/structured-data';
import { requestLocale } from '../request/request-locale';

type Args = Omit<LoaderFunctionArgs, 'context'> & { context: LoaderContext };

function fail(status: number, message: string): never {
  throw data<RouteErrorData>({ message }, { status, statusText: STATUS_CODES[status] });
}

/** 'Page Not Found' for a failed route check, 'Page not found' for a missing entity (the reference messages). */
function routeCheckFailed(request: Request): never {
  fail(404, `Page Not Found: ${new URL(request.url).pathname}`);
}

function notFound(request: Request): never {
  fail(404, `Page not found: ${new URL(request.url).pathname}`);
}

/** Runs an upstream read; a missing entity is a 404, an unreachable upstream a 503. */
async function load<T>(request: Request, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UpstreamNotFound) notFound(request);
    if (error instanceof UpstreamError) fail(503, 'upstream_unavailable');
    throw error;
  }
}

function refuseIfRefused({ context }: Args): void {
  if (context.refusal) fail(context.refusal, STATUS_CODES[context.refusal] ?? 'refused');
}

function slugParam(args: Args, name = 'slug'): string {
  const value = args.params[name];
  if (!value || !SLUG_PATTERN.test(value)) routeCheckFailed(args.request);
  return value;
}

/**
 * A screen's data, and the structured data only that screen has (a product, an article, questions),
 * built once the site's facts are known; `screenLoader` adds what every page has and takes it out.
 */
type ScreenResult<N extends RouteName> = ScreenData<N> & { about?: (site: SiteFacts, url: string) => JsonLd[] };

type ScreenLoader<N extends RouteName> = (args: Args, locale: Locale) => Promise<ScreenResult<N>>;

function productMeta(t: TFunction, locale: Locale, product: Product): { meta: PageMeta; about: ScreenResult<'product'>['about'] } {
  return {
    meta: {
      ...product.seo,
      alternates: bySlugs('product', product.slugs),
      breadcrumb: breadcrumb(
        t,
        locale,
        { title: t('categories.title'), path: pathTo('categories', locale) },
        { title: product.category.title, path: pathTo('slug', locale, { slug: product.category.slug }) },
        { title: product.title },
      ),
      image: product.image,
      type: 'product',
    },
    about: (site, url) => [productLd(product, site, url)],
  };
}

const screens: { [N in RouteName]: ScreenLoader<N> } = {
  async index(args, locale) {
    const home = await load(args.request, () => args.context.api.home(locale));
    return { home, meta: { ...home.seo, alternates: sameScreen('index'), image: home.hero.image } };
  },

  async blog(args, locale) {
    const { api, t } = args.context;
    const categorySlug = args.params.category;
    if (categorySlug !== undefined && !SLUG_PATTERN.test(categorySlug)) routeCheckFailed(args.request);
    const init = await load(args.request, () => api.init(locale));
    const category = categorySlug ? init.articleCategories.find((c) => c.slug === categorySlug) : null;
    if (category === undefined) notFound(args.request);
    // A number the site never writes (or the upstream would refuse) is a 404 without asking for the list.
    const page = parseListPage(new URL(args.request.url).searchParams.get('page'));
    if (page === null) notFound(args.request);
    const list = await load(args.request, () => api.articles(locale, { category: category?.slug, page }));
    const pages = Math.max(1, Math.ceil(list.total / list.perPage));
    if (page > pages) notFound(args.request);
    const alternates = category ? bySlugs('blog', category.slugs, 'category') : sameScreen('blog');
    return {
      list,
      category,
      meta: {
        title: category?.title ?? t('blog.title'),
        description: category?.description ?? t('blog.description'),
        // Each page of the list is a page of its own (its own canonical), in every locale.
        alternates: page === 1 ? alternates : Object.fromEntries(Object.entries(alternates).map(([l, path]) => [l, `${path}?page=${page}`])),
        breadcrumb: category
          ? breadcrumb(t, locale, { title: t('blog.title'), path: pathTo('blog', locale) }, { title: category.title })
          : breadcrumb(t, locale, { title: t('blog.title') }),
      },
    };
  },

  async blogArticle(args, locale) {
    const slug = slugParam(args);
    const category = slugParam(args, 'category');
    const { t } = args.context;
    const article = await load(args.request, () => args.context.api.article(locale, slug));
    if (article.category.slug !== category) notFound(args.request);
    return {
      article,
      meta: {
        ...article.seo,
        alternates: Object.fromEntries(LOCALES.map((l) => [l, pathTo('blogArticle', l, { category: article.category.slugs[l], slug: article.slugs[l] })])),
        breadcrumb: breadcrumb(
          t,
          locale,
          { title: t('blog.title'), path: pathTo('blog', locale) },
          { title: article.category.title, path: pathTo('blog', locale, { category: article.category.slug }) },
          { title: article.title },
        ),
        image: article.image,
        type: 'article',
        publishedAt: article.publishedAt,
      },
      about: (site, url) => [articleLd(article, site, url, absoluteUrl(site.origin, '/favicon.svg'))],
    };
  },

  async b2b(args, locale) {
    const page = await load(args.request, () => args.context.api.page(locale, 'b2b'));
    return { page, meta: { ...page.seo, alternates: sameScreen('b2b'), breadcrumb: breadcrumb(args.context.t, locale, { title: page.title }) } };
  },

  // The showrooms and contacts are the layout's settings; the screen adds only its meta.
  async contact(args, locale) {
    const { t } = args.context;
    return {
      meta: {
        title: t('contact.title'),
        description: t('contact.description'),
        alternates: sameScreen('contact'),
        breadcrumb: breadcrumb(t, locale, { title: t('contact.title') }),
      },
    };
  },

  // Its facts are the layout's settings (the company's register data); the screen adds only its meta.
  async imprint(args, locale) {
    const { t } = args.context;
    return {
      meta: {
        title: t('imprint.title'),
        description: t('imprint.description'),
        alternates: sameScreen('imprint'),
        breadcrumb: breadcrumb(t, locale, { title: t('imprint.title') }),
      },
    };
  },

  async faq(args, locale) {
    const { t, api } = args.context;
    const query = (new URL(args.request.url).searchParams.get('q') ?? '').slice(0, MAX_FAQ_QUERY);
    // The filter is the site search's engine, in the content API (the page filters as the visitor types through /api/faq-search).
    const [faq, found] = await Promise.all([
      load(args.request, () => api.faq(locale)),
      query.trim() ? load(args.request, () => api.faqSearch(locale, query.trim())) : null,
    ]);
    const filter = found && { query, ids: found.ids, suggestion: found.suggestion };
    // No FAQPage here: the list shows questions only, and structured data must describe what the page
    // shows. Each FAQ item page carries its own question and answer.
    return {
      faq,
      filter,
      meta: {
        title: t('faq.title'),
        description: t('faq.description'),
        alternates: sameScreen('faq'),
        breadcrumb: breadcrumb(t, locale, { title: t('faq.title') }),
      },
    };
  },

  async faqItem(args, locale) {
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

  async product(args, locale) {
    const slug = slugParam(args);
    const product = await load(args.request, () => args.context.api.product(locale, slug));
    return { product, ...productMeta(args.context.t, locale, product) };
  },

  async categories(args, locale) {
    const { t } = args.context;
    const categories = await load(args.request, () => args.context.api.categories(locale));
    return {
      categories: categories.map(({ products: _, ...category }) => category),
      products: Object.fromEntries(categories.map((c) => [c.id, c.products])),
      meta: {
        title: t('categories.title'),
        description: t('categories.description'),
        alternates: sameScreen('categories'),
        breadcrumb: breadcrumb(t, locale, { title: t('categories.title') }),
      },
    };
  },

  async page(args, locale) {
    const slug = slugParam(args);
    // The content page `home` is the home page itself.
    if (slug === 'home') throw redirectTo(pathTo('index', locale));
    const page = await load(args.request, () => args.context.api.page(locale, slug));
    // The business-customer page has its own route; its content-page address points there.
    if (page.key === 'b2b') throw redirectTo(pathTo('b2b', locale));
    return { page, meta: { ...page.seo, alternates: bySlugs('page', page.slugs), breadcrumb: breadcrumb(args.context.t, locale, { title: page.title }) } };
  },

  async search(args, locale) {
    const query = (new URL(args.request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
    const { t, api } = args.context;
    const results = query ? await load(args.request, () => api.search(locale, query)) : null;
    return {
      query,
      results,
      meta: {
        title: t('search.title'),
        description: t('search.description'),
        alternates: sameScreen('search'),
        breadcrumb: breadcrumb(t, locale, { title: t('search.title') }),
      },
    };
  },

  ...accountLoaders,

  ...formLoaders,
  ...newsletterLoaders,

  async slug(args, locale) {
    const slug = slugParam(args);
    const { t } = args.context;
    const target = await load(args.request, () => args.context.api.bySlug(locale, slug));
    // A product here is also at its own product address, which is the canonical one.
    if (target.type === 'product') return { target, ...productMeta(t, locale, target.product) };
    const { category } = target;
    return {
      target,
      meta: {
        ...category.seo,
        alternates: bySlugs('slug', category.slugs),
        breadcrumb: breadcrumb(t, locale, { title: t('categories.title'), path: pathTo('categories', locale) }, { title: category.title }),
        image: category.image,
      },
    };
  },
};

function redirectTo(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location } });
}

export function screenLoader(name: RouteName, locale: Locale) {
  const loader = screens[name] as ScreenLoader<RouteName>;
  return async (args: LoaderFunctionArgs) => {
    refuseIfRefused(args as Args);
    const { about, ...screen } = await loader(args as Args, locale);
    // init is the layout loader's read too: one request in flight, then cached. A screen that needs
    // nothing else of the content API (the forms, whose option sets come with the build) renders with
    // the upstream down and nothing cached, as the layout does, from the copy the layout falls back to.
    const init = await initOrFallback(args as Args, locale);
    const site: SiteFacts = { origin: (args as Args).context.origin, locale, settings: layoutPartsOf(init).settings };
    const meta = { ...screen.meta, ...(ROUTE_TRAITS[name].indexed ? {} : { noindex: true }) };
    return { ...screen, meta: { ...meta, jsonLd: structuredData(meta, site, new URL(args.request.url).pathname, about) } } as ScreenData<RouteName>;
  };
}

/**
 * The page's JSON-LD: the business on every page, the breadcrumb where the page shows one (the very
 * same crumbs), and what the screen adds. Built when the document is written (see PageMeta.jsonLd).
 */
function structuredData(meta: PageMeta, site: SiteFacts, path: string, about: ScreenResult<RouteName>['about']): () => JsonLd[] {
  return () => {
    const url = absoluteUrl(site.origin, meta.alternates[site.locale] ?? path);
    return [businessOf(site), ...(meta.breadcrumb?.length ? [breadcrumbList(meta.breadcrumb, site.origin, url)] : []), ...(about?.(site, url) ?? [])];
  };
}

const businessBlocks = new WeakMap<SiteFacts['settings'], { origin: string; block: JsonLd }>();

/**
 * The business's block, the same on every page: made once per settings object (once per init answer,
 * `layoutPartsOf`) and so written once (server/render/document.ts).
 */
function businessOf(site: SiteFacts): JsonLd {
  let made = businessBlocks.get(site.settings);
  if (made?.origin !== site.origin) {
    made = { origin: site.origin, block: unchanged(localBusiness(site, absoluteUrl(site.origin, DEFAULT_SHARE_IMAGE.src))) };
    businessBlocks.set(site.settings, made);
  }
  return made.block;
}

/** What a post does, for every screen whose traits say it takes one (the account screens and the public forms). */
const actions: { [N in ActionRoute]: (args: Args, locale: Locale) => Promise<unknown> } = { ...accountActions, ...formActions, ...newsletterActions };

export function screenAction(name: RouteName, locale: Locale) {
  if (!ROUTE_TRAITS[name].action) return undefined;
  const action = actions[name as ActionRoute];
  return (args: ActionFunctionArgs) => action(args as ActionFunctionArgs & { context: LoaderContext }, locale);
}

/**
 * The signed-in visitor's address, for the footer's signup (null without a session, or when the
 * upstream cannot say now: the signup works without it). A shared render has no cookie, so it never
 * asks, and a page with a session is rendered for its visitor alone.
 */
async function signedInEmail(context: LoaderContext, locale: Locale): Promise<string | null> {
  if (!context.session) return null;
  try {
    const result = await context.account.account(locale, context.session);
    return result.ok ? result.data.email : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/**
 * The layout's parts of each init answer, made once per answer (the upstream cache hands every render
 * the same answer while it is fresh): every document then carries the same objects, and writes their
 * JSON once (server/render/document.ts).
 */
const layoutParts = new WeakMap<Init, Pick<LayoutData, 'init' | 'settings'>>();

function layoutPartsOf(answer: Init): Pick<LayoutData, 'init' | 'settings'> {
  let parts = layoutParts.get(answer);
  if (!parts) {
    const { locales: _serverOnly, settings, ...init } = answer;
    layoutParts.set(answer, (parts = { init: unchanged(init), settings: unchanged(settingsFromList(settings)) }));
  }
  return parts;
}

/** `init` for the locale, or with the upstream down the last copy the process read, else the build's. */
function initOrFallback({ context, request }: Args, locale: Locale): Promise<Init> {
  return load(request, () =>
    context.api.init(locale).catch((error: unknown) => {
      if (error instanceof UpstreamError) return fallbackInit(context.api, locale, context.t);
      throw error;
    }),
  );
}

/**
 * The layout's data: `init` for the page's locale, loaded before any page renders. With the upstream
 * down it falls back to a copy, so the error page still comes in the layout, phone and email included
 * (the page's own loader fails with the 503).
 */
export async function layoutLoader(args: LoaderFunctionArgs): Promise<LayoutData> {
  const { context, request } = args as Args;
  const locale = requestLocale(request);
  const [answer, visitorEmail] = await Promise.all([initOrFallback(args as Args, locale), signedInEmail(context, locale)]);
  return { locale, ...layoutPartsOf(answer), origin: context.origin, visitorEmail, formToken: context.spam.issueToken() };
}

export async function notFoundLoader(args: LoaderFunctionArgs): Promise<NotFoundData> {
  refuseIfRefused(args as Args);
  notFound(args.request);
}
