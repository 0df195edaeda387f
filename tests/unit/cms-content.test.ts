import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, parseContent, readContentTexts, type ContentKey, type ContentTexts } from '../../server/cms/content';

const CONTENT_DIR = resolve(process.cwd(), 'content');
const texts = readContentTexts(CONTENT_DIR);

type Json = any; // seed JSON, edited freely

/** The seed with one file edited in memory; the problems parseContent reports for it. */
function problemsWith(key: ContentKey, edit: (json: Json) => void): string[] {
  const json = JSON.parse(texts[key]) as Json;
  edit(json);
  const edited: ContentTexts = { ...texts, [key]: JSON.stringify(json) };
  try {
    parseContent(CONTENT_DIR, edited);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('seed content validation', () => {
  it('accepts the shipped content', () => {
    expect(() => parseContent(CONTENT_DIR, texts)).not.toThrow();
  });

  it('names the file, the field and the entry of a bad value', () => {
    const problems = problemsWith('products', (products) => {
      products[1].en.slug = 'Roller Shutters';
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^products\.json: \[1\]\.en\.slug \(key "[a-z0-9-]+"\): must be lowercase/);
  });

  it('reports a missing locale and a misspelt field', () => {
    const problems = problemsWith('articles', (articles) => {
      delete articles[0].de;
      articles[1].sl.titel = articles[1].sl.title;
      articles[2].en.body[0].txt = 'a misspelt block field';
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^articles\.json: \[0\]\.de \(key .*\): Invalid input/),
        expect.stringMatching(/^articles\.json: \[1\]\.sl \(key .*\): Unrecognized key: "titel"/),
        expect.stringMatching(/^articles\.json: \[2\]\.en\.body\[0\] \(key .*\): Unrecognized key: "txt"/),
      ]),
    );
  });

  it('reports a file that is not JSON, and a file that is missing', () => {
    expect(() => parseContent(CONTENT_DIR, { ...texts, faq: '{ nope' })).toThrow(/faq\.json: not valid JSON/);
    const empty = mkdtempSync(join(tmpdir(), 'cms-empty-'));
    try {
      expect(() => readContentTexts(empty)).toThrow(/settings\.json: cannot be read \(ENOENT\)[\s\S]*home\.json: cannot be read/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('checks references between files', () => {
    expect(problemsWith('products', (products) => void (products[0].category = 'no-such-family'))).toEqual([
      expect.stringMatching(/^products\.json: .*\.category: unknown category "no-such-family"/),
    ]);
    expect(problemsWith('articles', (articles) => void (articles[0].related = ['no-such-article']))).toEqual([
      expect.stringMatching(/^articles\.json: .*\.related: unknown article "no-such-article"/),
    ]);
  });

  it('keeps product and category slugs apart and off the fixed path words', () => {
    const categories = JSON.parse(texts.categories) as Json;
    const clash = problemsWith('products', (products) => void (products[0].sl.slug = categories[0].sl.slug));
    expect(clash).toEqual([expect.stringMatching(/sl slug ".*" is used more than once/)]);
    const reserved = problemsWith('products', (products) => void (products[0].de.slug = 'produkt'));
    expect(reserved).toEqual([expect.stringMatching(/de slug "produkt" is a fixed path word/)]);
    // The words come from the route table: a screen added there (the contact page) is reserved at once.
    const contact = problemsWith('categories', (categories) => void (categories[0].sl.slug = 'kontakt'));
    expect(contact).toContainEqual(expect.stringMatching(/sl slug "kontakt" is a fixed path word/));
  });

  it('refuses a page slug that shadows another screen', () => {
    const problems = problemsWith('pages', (pages) => void (pages[0].en.slug = 'frequently-asked-questions-info-answers'));
    expect(problems).toContainEqual(
      expect.stringMatching(/^pages\.json: .*\.en\.slug: \/en\/page\/frequently-asked-questions-info-answers is another screen's path/),
    );
  });

  it('refuses links to unknown routes and to script URLs', () => {
    const problems = problemsWith('menus', (menus) => {
      menus[0].sl.items[0].link = { route: 'no-such-route' };
      menus[0].en.items[0].link = { url: 'javascript:alert(1)' };
      menus[0].de.items[0].link = { href: '/de' };
    });
    expect(problems).toEqual([
      expect.stringMatching(/^menus\.json: \[0\]\.sl\.items\[0\]\.link\.route .*: unknown route 'no-such-route'/),
      expect.stringMatching(/^menus\.json: \[0\]\.en\.items\[0\]\.link\.url .*: must start with https:\/\//),
      expect.stringMatching(/^menus\.json: \[0\]\.de\.items\[0\]\.link .*: must be \{"route"/),
    ]);
  });

  it('refuses links to slugs the seed does not have', () => {
    const articles = JSON.parse(texts.articles) as Json;
    const categories = JSON.parse(texts.articleCategories) as Json[];
    const categoryOfFirst = categories.find((c) => c.key === articles[0].category).en.slug;
    const links = [
      { route: 'slug', params: { slug: 'no-such-product' } },
      { route: 'page', params: { slug: 'no-such-page' } },
      { route: 'blogArticle', params: { category: 'wrong', slug: articles[0].en.slug } },
      { route: 'product', params: { slgu: 'typo' } },
      { route: 'product' },
    ];
    let at = 0;
    const problems = problemsWith('menus', (menus) => {
      at = menus[0].en.items.length;
      menus[0].en.items.push(...links.map((link) => ({ title: 'Broken', link })));
    });
    const where = (i: number) => `menus.json: ${JSON.parse(texts.menus)[0].key}.en.items[${at + i}].link: `;
    expect(problems).toEqual([
      `${where(0)}no product or category has the en slug "no-such-product"`,
      `${where(1)}no page has the en slug "no-such-page"`,
      `${where(2)}article "${articles[0].en.slug}" is in category "${categoryOfFirst}", not "wrong"`,
      `${where(3)}route 'product' has no parameter slgu`,
      `${where(4)}pathTo(product): missing parameter 'slug'`,
    ]);
  });

  it('checks the link blocks of rich text like every other link', () => {
    const faq = JSON.parse(texts.faq) as Json[];
    const at = faq[0].items[0].de.answer.length;
    const unknownRoute = problemsWith('faq', (faq) => void faq[0].items[0].en.answer.push({ type: 'link', text: 'Nowhere', link: { route: 'no-such-route' } }));
    expect(unknownRoute).toEqual([expect.stringMatching(/^faq\.json: \[0\]\.items\[0\]\.en\.answer\[\d+\]\.link\.route .*: unknown route 'no-such-route'/)]);
    const unknownSlug = problemsWith('faq', (faq) => {
      faq[0].items[0].de.answer.push({ type: 'link', text: 'Zum Produkt', link: { route: 'product', params: { slug: 'no-such-product' } } });
    });
    expect(unknownSlug).toEqual([`faq.json: ${faq[0].key}.${faq[0].items[0].key}.de.answer[${at}].link: no product has the de slug "no-such-product"`]);
  });

  it('refuses slugs in the notification link, which all locales share', () => {
    const problems = problemsWith('notification', (notification) => {
      notification.link = { route: 'page', params: { slug: 'cookies' } };
    });
    expect(problems).toEqual([expect.stringMatching(/^notification\.json: link\.params: .*cannot carry slugs/)]);
  });
});
