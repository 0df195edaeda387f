import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, FRESHNESS, pageCacheControl } from '../../server/site/cache-control';
import { loadConfig } from '../../server/site/settings';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The one module that says what caches are told; the content API (server/cms/) is an app of its own. */
const POLICY = 'server/site/cache-control.ts';
const OWN_APP = 'server/cms/';

/** A Cache-Control directive, as it would be written in a header value. */
const DIRECTIVE = /\b(no-store|no-cache|must-revalidate|proxy-revalidate|immutable|(s-)?max-age\s*=|stale-while-revalidate\s*=|stale-if-error\s*=)/i;

/** The text of every string and template literal of a file (comments are not literals). */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the cache policy', () => {
  it('is the only module of the site that writes a Cache-Control value', () => {
    const files = readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `server/${f.split(path.sep).join('/')}`)
      .filter((f) => f !== POLICY && !f.startsWith(OWN_APP));
    expect(files.length).toBeGreaterThan(50);
    const writers = files.flatMap((file) =>
      literalsOf(file)
        .filter((text) => DIRECTIVE.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(writers).toEqual([]);
    // The check itself sees one when there is one.
    expect(literalsOf(POLICY).some((text) => DIRECTIVE.test(text))).toBe(true);
  });

  it('tells CDNs and the process how long a page stays fresh from one place', () => {
    expect(CACHE_CONTROL.sharedPage).toBe(`public, max-age=0, s-maxage=${FRESHNESS.page.atCdnS}, stale-while-revalidate=${FRESHNESS.page.staleAtCdnS}`);
    // Unset, each screen's own time in the process (tests/unit/screen-modules.test.ts).
    expect(loadConfig({}).HTML_CACHE_TTL_S).toBeUndefined();
    expect(pageCacheControl(200, FRESHNESS.page)).toBe(CACHE_CONTROL.sharedPage);
    // Redirects and errors are never kept; a visitor's own render is kept by no one.
    expect(pageCacheControl(301, FRESHNESS.page)).toBe('no-store');
    expect(pageCacheControl(404, FRESHNESS.page)).toBe('no-store');
    expect(pageCacheControl(200, null)).toBe('private, no-store');
  });
});
