import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_ATTRIBUTE, APP_LOADER_ID, APP_MODULES_ATTRIBUTE } from '../../shared/app-loader';
import { LOCALES } from '../../shared/locales';
import { ROUTE_TRAITS, type RouteName } from '../../shared/routes';
import { CLIENT_BUILD_DIR } from '../../server/lib/paths';
import { startTestSite } from './helpers';
import { screenPaths } from './screen-paths';

/**
 * The first-load JavaScript budget of every page type, measured as a phone downloads it: the loader,
 * the entry and every module the loader preloads, brotli-compressed (the build's `.br` copies). React 19 with the
 * router is about 98 KiB of it, i18next with react-i18next about 20; a content page may add 7 KiB, a
 * form page (its checks and form library) 34 KiB. The page's UI strings are not scripts: they travel
 * in its document (docs/decisions/0036-i18next.md).
 */
const BUDGET_KIB = { content: 125, form: 152 } as const;

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.stop());

/** The brotli size of a built file: its precompressed copy, or (a file under the build's threshold) compressed here. */
function brotliBytes(urlPath: string): number {
  const file = path.join(CLIENT_BUILD_DIR, urlPath);
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The scripts a page's HTML makes the browser load before it can hydrate: the loader and what it loads. */
function firstLoadScripts(html: string): string[] {
  const loader = new RegExp(
    `<script type="module" src="([^"]+)" id="${APP_LOADER_ID}" ${APP_ENTRY_ATTRIBUTE}="([^"]+)" ${APP_MODULES_ATTRIBUTE}="([^"]*)"`,
  ).exec(html);
  if (!loader) return [];
  return [...new Set([loader[1]!, loader[2]!, ...loader[3]!.split(' ').filter(Boolean)])];
}

const kind = (name: RouteName) => (ROUTE_TRAITS[name].action ? 'form' : 'content');

describe('first-load JavaScript (brotli)', () => {
  it.each(LOCALES)('stays within the budget of its page type on every screen, %s', async (locale) => {
    const paths = await screenPaths(site.server, locale);
    const over: string[] = [];
    const sizes: Record<string, string> = {};
    for (const [name, pagePath] of Object.entries(paths) as [RouteName, string][]) {
      const res = await request(site.server).get(pagePath).redirects(1);
      const scripts = firstLoadScripts(res.text);
      expect(scripts.length, pagePath).toBeGreaterThan(0);
      const kib = scripts.reduce((sum, src) => sum + brotliBytes(src), 0) / 1024;
      sizes[name] = `${kib.toFixed(1)} KiB (${kind(name)})`;
      if (kib > BUDGET_KIB[kind(name)]) over.push(`${pagePath}: ${kib.toFixed(1)} KiB > ${BUDGET_KIB[kind(name)]} KiB`);
    }
    expect(over, JSON.stringify(sizes, null, 2)).toEqual([]);
  });
});
