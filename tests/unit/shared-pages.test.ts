import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHtmlCache } from '../../server/site/render/html-cache';
import type { RenderedPage } from '../../server/site/render/rendered-page';
import { renderSlots } from '../../server/site/render/render-slots';
import { createSharedPages } from '../../server/site/render/shared-pages';

const page = (title: string): RenderedPage => ({
  status: 200,
  headers: [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', 'public, max-age=0, s-maxage=300'],
  ],
  body: Buffer.from(`<!DOCTYPE html><title>${title}</title>${'<p>text</p>'.repeat(200)}`),
  shareable: true,
  errors: [],
});

function sharedPages(render: (url: string) => Promise<RenderedPage>) {
  const cache = createHtmlCache({ ttlMs: 300_000, maxBytes: 8 << 20, siteHeaders: [] });
  const pages = createSharedPages({
    cache,
    render,
    refillConcurrency: 0,
    renderSlots: renderSlots(),
    logger: pino({ level: 'silent' }),
    metrics: { answered() {}, backgroundRender() {} },
    log() {},
  });
  return { cache, pages };
}

describe('shared pages and a purge', () => {
  it('keep a finished render', async () => {
    const { cache, pages } = sharedPages(async () => page('old'));
    await pages.get('/en/page/cookies');
    expect(cache.get('/en/page/cookies')).toBeDefined();
  });

  it('do not keep a render whose bytes were still being compressed when a purge named it', async () => {
    let title = 'old';
    const { cache, pages } = sharedPages(async () => page(title));
    const store = cache.store;
    // The purge lands while the finished render is compressed for the cache (off the main thread).
    cache.store = (...args) => {
      const stored = store(...args);
      title = 'new';
      pages.purge(['/en/page/cookies']);
      return stored;
    };
    const first = await pages.get('/en/page/cookies');
    // The visitors who asked before the purge get what was rendered for them...
    expect(first.entry?.identity.body.toString()).toContain('<title>old</title>');
    // ...but the cache does not keep it: the next visitor gets the page as it is now.
    expect(cache.get('/en/page/cookies')).toBeUndefined();
    cache.store = store;
    const next = await pages.get('/en/page/cookies');
    expect(next.entry?.identity.body.toString()).toContain('<title>new</title>');
  });
});
