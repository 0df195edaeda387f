import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { buildHead } from '../../shared/head';
import { useLayout, usePageMeta } from './use-layout';

function setLink(rel: string, href: string, hreflang?: string) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (hreflang) link.hreflang = hreflang;
  link.dataset.head = '';
  document.head.append(link);
}

/**
 * Keeps the document head in step after client navigations. The server writes the first head itself,
 * from the same `buildHead`, so the two never disagree.
 */
export function HeadSync() {
  const { locale, settings, origin } = useLayout();
  const meta = usePageMeta();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!meta) return;
    const head = buildHead(meta, { locale, siteName: settings.company_name, origin, path: pathname });
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    document.querySelector('meta[name="robots"]')?.remove();
    if (head.robots) {
      const robots = document.createElement('meta');
      robots.name = 'robots';
      robots.content = head.robots;
      document.head.append(robots);
    }
    document.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((el) => el.remove());
    if (head.canonical) setLink('canonical', head.canonical);
    for (const alt of head.alternates) setLink('alternate', alt.href, alt.hreflang);
  }, [meta, locale, settings.company_name, origin, pathname]);
  return null;
}
