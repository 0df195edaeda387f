import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../../shared/routes';
import { attr, startTestSite } from './helpers';

let site: Awaited<ReturnType<typeof startTestSite>>;

beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site?.stop());

/** The seed's product and article with photographs (content/products.json, content/articles.json). */
const PRODUCT = pathTo('product', 'en', { slug: 'surface-mounted-roller-shutters' });
const ARTICLE = pathTo('blogArticle', 'en', { category: 'advice', slug: 'roller-garage-doors-and-security-grilles' });

interface Picture {
  sources: { type: string; sizes: string; candidates: { url: string; width: number }[] }[];
  img: string;
}

/**
 * Every `<picture>` of a page: its sources with their srcset parsed, and its `<img>` tag. React writes
 * `srcSet` and `fetchPriority` (HTML's attribute names know no case).
 */
function pictures(html: string): Picture[] {
  return [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map(([, inner]) => ({
    sources: [...inner!.matchAll(/<source [^>]*>/g)].map(([tag]) => ({
      type: attr(tag, /\stype="([^"]+)"/)!,
      sizes: attr(tag, /\ssizes="([^"]+)"/)!,
      candidates: attr(tag, /\ssrcset="([^"]+)"/i)!
        .split(', ')
        .map((candidate) => {
          const [url, descriptor] = candidate.split(' ');
          return { url: url!, width: Number(/^(\d+)w$/.exec(descriptor!)![1]) };
        }),
    })),
    img: /<img [^>]*>/.exec(inner!)![0],
  }));
}

async function page(path: string) {
  const res = await request(site.server).get(path);
  expect(res.status, path).toBe(200);
  return res.text;
}

describe('raster images', () => {
  it('a product page answers <picture> sources that exist: AVIF and WebP at the widths their srcset says, immutable', async () => {
    const html = await page(PRODUCT);
    const found = pictures(html);
    // The main picture and the gallery's WebP close-up; the gallery's illustration stays an <img>.
    expect(found).toHaveLength(2);
    for (const picture of found) {
      expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
      expect(picture.img).toMatch(/\swidth="\d+" height="\d+"/);
      for (const source of picture.sources) {
        expect(source.sizes).toMatch(/^\(min-width: \d+px\) /);
        expect(source.candidates.map((c) => c.width)).toEqual([480, 800, 1200, 1600]);
        const [width, height] = [Number(attr(picture.img, /\swidth="(\d+)"/)), Number(attr(picture.img, /\sheight="(\d+)"/))];
        for (const candidate of source.candidates) {
          expect(candidate.url).toMatch(/^\/assets\/images\/[\w-]+-\d+w-[\w-]{10}\.(?:avif|webp)$/);
          const res = await request(site.server).get(candidate.url).buffer(true);
          expect(res.status, candidate.url).toBe(200);
          expect(res.headers['content-type']).toBe(source.type);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(res.body).metadata();
          expect(meta.format).toBe(source.type === 'image/avif' ? 'heif' : 'webp');
          if (source.type === 'image/avif') expect(meta.compression).toBe('av1');
          expect(meta.width, candidate.url).toBe(candidate.width);
          expect(Math.abs(meta.height - (candidate.width * height) / width)).toBeLessThanOrEqual(1);
        }
      }
    }
    // The main picture is the page's largest: fetched at once and first; the gallery waits.
    const [main, gallery] = found as [Picture, Picture];
    expect(main.img).toContain('src="/images/products/predokenske-rolete-photo.jpg"');
    expect(main.img).toMatch(/loading="eager" fetchpriority="high"/i);
    expect(gallery.img).toContain('loading="lazy"');
    expect(gallery.img).not.toMatch(/fetchpriority/i);
    // The illustration in the gallery: the SVG itself, sized, lazy.
    expect(html).toMatch(
      /<img class="product__gallery-image" src="\/images\/products\/predokenske-rolete-2\.svg" width="800" height="600" alt="[^"]+" loading="lazy"/,
    );
  });

  it('the original stays where it was (the <img> fallback, structured data), cached as a public file', async () => {
    const html = await page(PRODUCT);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((b) => b['@type'] === 'Product');
    expect(ld.image[0]).toMatch(/^http:\/\/localhost:\d+\/images\/products\/predokenske-rolete-photo\.jpg$/);
    const original = await request(site.server).get('/images/products/predokenske-rolete-photo.jpg').buffer(true);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('an article with a photograph: the picture is its LCP image; Open Graph names the 1200×630 JPEG', async () => {
    const html = await page(ARTICLE);
    const [main] = pictures(html);
    expect(main!.img).toMatch(/class="article__image" src="\/images\/articles\/roller-garage-doors-photo\.jpg" width="1600" height="1000"/);
    expect(main!.img).toMatch(/fetchpriority="high"/i);
    const og = attr(html, /<meta property="og:image" content="([^"]+)">/)!;
    expect(og).toMatch(/\/images\/share\/articles\/roller-garage-doors-photo\.jpg$/);
    expect(attr(html, /<meta name="twitter:image" content="([^"]+)">/)).toBe(og);
    const shared = await request(site.server).get(new URL(og).pathname).buffer(true);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(shared.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('below the fold a photograph waits: the home page’s article card is lazy, its illustrated hero is fetched first', async () => {
    const html = await page(pathTo('index', 'en'));
    const card = pictures(html).find((p) => p.img.includes('roller-garage-doors-photo.jpg'))!;
    expect(card.img).toContain('class="card__image"');
    expect(card.img).toContain('loading="lazy"');
    expect(html).toMatch(/<img class="hero__image" src="\/images\/home\/hero\.svg" width="\d+" height="\d+" alt="[^"]*" loading="eager" fetchpriority="high"/i);
  });

  it('client navigation gets the same variants in the page data', async () => {
    const payload = (await request(site.server).get(`${PRODUCT}/_payload.json`)).body as { loaderData: Record<string, any> };
    const { product } = payload.loaderData['product___en'];
    expect(product.image.variants).toHaveLength(8);
    expect(product.images[0].variants).toBeUndefined();
  });

  it('a variant that was never built is a 404, not a page', async () => {
    const res = await request(site.server).get('/assets/images/predokenske-rolete-photo-480w-0000000000.avif');
    expect(res.status).toBe(404);
  });
});
