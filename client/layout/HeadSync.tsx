import { useEffect, useRef } from 'react';
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

function setMeta(key: 'name' | 'property', value: string, content: string) {
  const meta = document.createElement('meta');
  meta.setAttribute(key, value);
  meta.content = content;
  document.head.append(meta);
}

/**
 * Keeps the document head in step after client navigations. The server writes the first head itself,
 * from the same `buildHead`, so the two never disagree.
 *
 * Structured data (JSON-LD) is left out here: only the server has it (`PageMeta.jsonLd` never reaches
 * the browser) and crawlers read the server's HTML. After the first client navigation the server's
 * blocks describe another page, so they are removed rather than left stale.
 */
export function HeadSync() {
  const { locale, settings, origin } = useLayout();
  const meta = usePageMeta();
  const first = useRef(meta);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!meta) return;
    const head = buildHead(meta, { locale, siteName: settings.company_name, origin, path: pathname });
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    document.querySelector('meta[name="robots"]')?.remove();
    if (head.robots) setMeta('name', 'robots', head.robots);
    document.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((el) => el.remove());
    if (head.canonical) setLink('canonical', head.canonical);
    for (const alt of head.alternates) setLink('alternate', alt.href, alt.hreflang);
    document.querySelectorAll('meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"]').forEach((el) => el.remove());
    for (const og of head.social?.og ?? []) setMeta('property', og.property, og.content);
    for (const tw of head.social?.twitter ?? []) setMeta('name', tw.name, tw.content);
    if (meta !== first.current) document.querySelectorAll('script[type="application/ld+json"]').forEach((el) => el.remove());
  }, [meta, locale, settings.company_name, origin, pathname]);
  return null;
}
