import { LOCALES } from '../../shared/locales';
import { expect, test } from './fixtures';

/**
 * Issue 26, point 5: on a 360 px phone no page of the sitemap is wider than the screen, whatever its
 * language (long German compounds in titles wrap or hyphenate). Every page is visited, a locale per
 * test so the two workers share them.
 */
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 780 }, hasTouch: true, isMobile: true });

async function sitemapPaths(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

for (const locale of LOCALES) {
  test(`every ${locale} page of the sitemap fits a ${WIDTH} px screen`, async ({ page, request, consoleErrors }) => {
    const paths = (await sitemapPaths(request)).filter((path) => path === `/${locale}` || path.startsWith(`/${locale}/`));
    expect(paths.length).toBeGreaterThan(20);
    test.setTimeout(30_000 + paths.length * 3_000);
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > WIDTH) {
        // The element that sticks out, so a failure says what to fix.
        const culprit = await page.evaluate((limit) => {
          const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > limit + 0.5);
          const innermost = wide.find((element) => ![...element.children].some((child) => wide.includes(child)));
          return innermost ? `${innermost.tagName.toLowerCase()}.${innermost.className}: ${innermost.textContent?.trim().slice(0, 60)}` : '';
        }, WIDTH);
        tooWide.push(`${path} ${width} px (${culprit})`);
      }
    }
    expect(tooWide).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
