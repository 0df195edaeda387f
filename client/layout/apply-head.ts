import { buildHead, type HeadContext } from '../../shared/head';
import type { PageMeta } from '../../shared/page-data';

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
 * Writes a page's head after a client navigation. Structured data (JSON-LD) is left out: only the
 * server has it (`PageMeta.jsonLd` never reaches the browser) and crawlers read the server's HTML.
 * The server's blocks describe the first page, so they are removed rather than left stale.
 */
export function applyHead(meta: PageMeta, context: HeadContext): void {
  const head = buildHead(meta, context);
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
  document.querySelectorAll('script[type="application/ld+json"]').forEach((el) => el.remove());
}
