import type { Logger } from 'pino';
import { LOCALES } from '../../../shared/locales';
import type { ContentApi } from '../upstream/content-api';
import { sitemapPages } from './seo-files';
import type { SharedPages } from './shared-pages';

/** Every page the sitemap lists, in every locale. */
export async function sitemapUrls(api: Pick<ContentApi, 'sitemap'>): Promise<string[]> {
  const { entries } = await api.sitemap();
  return sitemapPages(entries).flatMap((page) => LOCALES.map((locale) => page.paths[locale]));
}

export interface WarmUpOptions {
  /** Whether the site is ready (what `/readyz` answers). */
  isReady: () => Promise<boolean>;
  urls: () => Promise<string[]>;
  pages: Pick<SharedPages, 'refill'>;
  logger: Logger;
  pollMs?: number;
}

/**
 * Fills the HTML cache with the sitemap's pages once the site is ready, in the background, a few at a
 * time (`SharedPages.refill`): readiness never waits for it, so a deploy is not slowed, and the first
 * visitors of a page after a deploy find it rendered. Returns what stops it (shutdown).
 */
export function warmUpWhenReady({ isReady, urls, pages, logger, pollMs = 500 }: WarmUpOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async () => {
    if (stopped) return;
    if (!(await isReady().catch(() => false))) {
      if (!stopped) timer = setTimeout(attempt, pollMs).unref();
      return;
    }
    try {
      const list = await urls();
      if (!stopped) pages.refill(list);
    } catch (err) {
      logger.warn({ err }, 'html cache warm-up skipped: the sitemap is unavailable');
    }
  };
  timer = setTimeout(attempt, 0).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
