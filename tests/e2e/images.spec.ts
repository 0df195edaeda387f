import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** The seed's pages with photographs: the product's main picture and gallery, the article's picture, the home page's article card. */
const PAGES = ['/en/product/surface-mounted-roller-shutters', '/en/blog/advice/roller-garage-doors-and-security-grilles', '/en'];

/**
 * For every `<picture>` of the page: the width its `sizes` gives at this viewport (worked out by the
 * browser, from the first media condition that matches) and the width its image is laid out at.
 */
function slots(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('picture')].map((picture) => {
      const sizes = picture.querySelector('source')!.getAttribute('sizes')!;
      const length = sizes
        .split(/,\s*(?![^()]*\))/)
        .map((entry) => /^(\(.+?\))\s+(.+)$/.exec(entry) ?? [entry, null, entry])
        .find(([, media]) => !media || matchMedia(media).matches)![2]!;
      const probe = document.createElement('div');
      probe.style.cssText = `position: absolute; visibility: hidden; width: ${length}`;
      document.body.append(probe);
      const slot = probe.getBoundingClientRect().width;
      probe.remove();
      const img = picture.querySelector('img')!;
      return { src: img.getAttribute('src'), slot, laidOut: img.getBoundingClientRect().width };
    }),
  );
}

for (const width of [390, 1024, 1280]) {
  test(`at ${width} px every picture's sizes is the width it is laid out at, and the main one loads as AVIF wide enough`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PAGES) {
      await page.goto(path);
      await hydrated(page);
      const found = await slots(page);
      expect(found.length, path).toBeGreaterThan(0);
      for (const { src, slot, laidOut } of found) {
        // Never smaller (a blurred picture); larger only by a desktop scrollbar, which 100vw counts.
        expect(slot, `${path} ${src}`).toBeGreaterThanOrEqual(laidOut - 1);
        expect(slot - laidOut, `${path} ${src}`).toBeLessThanOrEqual(16);
      }
    }
    await page.goto(PAGES[0]!);
    const main = page.locator('.product__image');
    // The picture takes the illustration's place: beside the text from 992px, under it before.
    const [intro, image] = await Promise.all([page.locator('.product__intro > div').first().boundingBox(), main.boundingBox()]);
    if (width >= 992) {
      expect(image!.y).toBeCloseTo(intro!.y, 0);
      expect(image!.x).toBeGreaterThan(intro!.x + intro!.width);
    } else {
      expect(image!.y).toBeGreaterThanOrEqual(intro!.y + intro!.height);
    }
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const { currentSrc, pixels } = await main.evaluate((img: HTMLImageElement) => ({
      currentSrc: img.currentSrc,
      pixels: img.getBoundingClientRect().width * devicePixelRatio,
    }));
    const [, chosen] = /\/assets\/images\/predokenske-rolete-photo-(\d+)w-[\w-]+\.avif$/.exec(currentSrc) ?? [];
    expect(Number(chosen), currentSrc).toBeGreaterThanOrEqual(pixels);
    expect(consoleErrors).toEqual([]);
  });
}
