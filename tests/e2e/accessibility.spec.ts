import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../shared/locales';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../shared/routes';
import { expect, hydrated, test } from './fixtures';

/**
 * WCAG 2.2 AA: axe on every page type in every locale (no serious or critical violation), and a small
 * validity check of the server's HTML (ids, references, one h1) that axe does not fully cover.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PAGE_TYPES = [
  'home',
  'categories',
  'product family',
  'product',
  'blog list',
  'blog category',
  'blog article',
  'faq list',
  'faq item',
  'content page',
  'b2b',
  'contact',
  'search with results',
  'search without a query',
  'login',
  'register',
  'password reset',
  'verify',
  'inquiry',
  'inquiry, first step',
  'service request',
  'newsletter',
  'newsletter confirmation',
  'newsletter unsubscribe',
  'not found',
] as const;
type PageType = (typeof PAGE_TYPES)[number];

async function payload(request: APIRequestContext, path: string): Promise<Record<string, unknown>> {
  const response = await request.get(`${path}/_payload.json`);
  expect(response.status(), `${path}/_payload.json`).toBe(200);
  const body = (await response.json()) as { loaderData: Record<string, Record<string, unknown>> };
  // The screen's data is the one route entry of the page (the layout's is not in a payload).
  const screen = Object.values(body.loaderData).find((data) => data && 'meta' in data);
  expect(screen, `${path}: screen data`).toBeTruthy();
  return screen!;
}

type Slugged = { id: number; slug: string; title: string };

/** Real paths of every page type, found in the pages' own payloads (once per locale and worker). */
const pathsCache = new Map<Locale, Promise<Record<PageType, string>>>();
function pathsFor(request: APIRequestContext, locale: Locale): Promise<Record<PageType, string>> {
  let paths = pathsCache.get(locale);
  if (!paths) {
    paths = (async () => {
      const categories = (await payload(request, pathTo('categories', locale))) as unknown as {
        categories: (Slugged & { offerType: string })[];
        products: Record<number, Slugged[]>;
      };
      const category = categories.categories.find((c) => categories.products[c.id]?.length)!;
      const product = categories.products[category.id]![0]!;
      const blog = (await payload(request, pathTo('blog', locale))) as unknown as { list: { items: (Slugged & { category: Slugged })[] } };
      const article = blog.list.items[0]!;
      const faq = (await payload(request, pathTo('faq', locale))) as unknown as { faq: { categories: { items: Slugged[] }[] } };
      const faqItem = faq.faq.categories.flatMap((c) => c.items)[0]!;
      return {
        home: pathTo('index', locale),
        categories: pathTo('categories', locale),
        'product family': pathTo('slug', locale, { slug: category.slug }),
        product: pathTo('product', locale, { slug: product.slug }),
        'blog list': pathTo('blog', locale),
        'blog category': pathTo('blog', locale, { category: article.category.slug }),
        'blog article': pathTo('blogArticle', locale, { category: article.category.slug, slug: article.slug }),
        'faq list': pathTo('faq', locale),
        'faq item': pathTo('faqItem', locale, { slug: faqItem.slug }),
        'content page': pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.privacy[locale] }),
        b2b: pathTo('b2b', locale),
        contact: pathTo('contact', locale),
        'search with results': `${pathTo('search', locale)}?${new URLSearchParams({ q: category.title })}`,
        'search without a query': pathTo('search', locale),
        login: pathTo('login', locale),
        register: pathTo('register', locale),
        'password reset': pathTo('passwordReset', locale),
        verify: pathTo('verify', locale),
        // The inquiry as a product's call to action opens it: at the product's fields.
        inquiry: pathTo('inquiry', locale, { offerType: category.offerType }),
        'inquiry, first step': pathTo('inquiry', locale),
        'service request': pathTo('service', locale),
        newsletter: pathTo('newsletter', locale),
        // A link's page with its button (a GET uses no token, so any of the right shape shows it).
        'newsletter confirmation': `${pathTo('newsletterConfirm', locale)}?token=${'a'.repeat(43)}`,
        'newsletter unsubscribe': `${pathTo('newsletterUnsubscribe', locale)}?token=${'a'.repeat(43)}`,
        'not found': `/${locale}/no-such-page-here`,
      };
    })();
    pathsCache.set(locale, paths);
  }
  return paths;
}

/** Runs axe and fails on a serious or critical violation, listing them readably. */
async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}\n    ${v.helpUrl}`)
    .join('\n');
  expect(serious.length, `${label}: axe violations\n${report}`).toBe(0);
}

for (const locale of LOCALES) {
  test.describe(`axe, ${locale}`, () => {
    for (const type of PAGE_TYPES) {
      test(type, async ({ page, request }) => {
        const path = (await pathsFor(request, locale))[type];
        const response = await page.goto(path);
        expect(response?.status()).toBe(type === 'not found' ? 404 : 200);
        await hydrated(page);
        await expect(page.locator('h1')).toBeVisible();
        if (type === 'search with results') await expect(page.locator('main p[role="status"]')).toBeVisible();
        await expectNoSeriousViolations(page, `${locale} ${type} (${path})`);
      });
    }
  });
}

test.describe('axe, open widgets', () => {
  test('the mobile menu, opened at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sl');
    await hydrated(page);
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#main-menu')).toBeVisible();
    // Reflow (1.4.10): nothing needs a horizontal scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'mobile menu');
  });

  test("the inquiry's product step with the multi-select open and an error shown", async ({ page }) => {
    await page.goto('/en/inquiry/notranja_sencila');
    await hydrated(page);
    // The form is live once its filling-in has an id (set after hydration).
    await expect(page.locator('main input[name="submissionId"]')).not.toHaveValue('');
    await page.getByRole('radio', { name: 'Pleated' }).check();
    await page.getByLabel('Width').fill('5');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.locator('#inquiry-width-error')).toBeVisible();
    const box = page.getByRole('combobox', { name: 'Fabric' });
    await box.focus();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Fabric' })).toBeVisible();
    await expectNoSeriousViolations(page, 'inquiry product step');
  });

  test('the service request with its errors', async ({ page }) => {
    await page.goto('/de/service');
    await hydrated(page);
    await expect(page.locator('main input[name="submissionId"]')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Serviceanfrage senden' }).click();
    await expect(page.locator('#service-phone-error')).toBeVisible();
    await expectNoSeriousViolations(page, 'service request with errors');
  });

  test('the header search suggestions, open', async ({ page }) => {
    await page.goto('/en');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search the site' });
    await box.pressSequentially('roller', { delay: 30 });
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await box.press('ArrowDown');
    await expectNoSeriousViolations(page, 'search suggestions');
  });
});

test.describe('valid HTML from the server', () => {
  for (const locale of LOCALES) {
    test(`ids and references, ${locale}`, async ({ page, request }) => {
      const paths = await pathsFor(request, locale);
      const problems: string[] = [];
      for (const type of PAGE_TYPES) {
        const html = await (await request.get(paths[type])).text();
        // Parsed, not run: DOMParser executes no script.
        const found = await page.evaluate((source) => {
          const doc = new DOMParser().parseFromString(source, 'text/html');
          const out: string[] = [];
          const ids = new Map<string, number>();
          for (const el of doc.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
          for (const [id, n] of ids) if (n > 1) out.push(`duplicate id "${id}" (${n}×)`);
          for (const label of doc.querySelectorAll('label[for]')) {
            const target = label.getAttribute('for')!;
            if (!ids.has(target)) out.push(`label for="${target}" names no element`);
          }
          for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
            for (const el of doc.querySelectorAll(`[${attr}]`)) {
              for (const ref of el.getAttribute(attr)!.split(/\s+/).filter(Boolean)) {
                if (!ids.has(ref)) out.push(`${attr}="${ref}" on <${el.localName}> names no element`);
              }
            }
          }
          const h1 = doc.querySelectorAll('h1').length;
          if (h1 !== 1) out.push(`${h1} <h1> elements`);
          if (!doc.documentElement.lang) out.push('no lang on <html>');
          return out;
        }, html);
        problems.push(...found.map((p) => `${type} (${paths[type]}): ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }
});
