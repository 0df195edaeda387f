import { HtmlValidate, type ConfigData } from 'html-validate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { pathTo, ROUTE_NAMES } from '../../shared/routes';
import { registerVerified, signIn } from '../support/visitor';
import { startTestSite } from './helpers';
import { screenPaths } from './screen-paths';

/**
 * Valid HTML: the server's markup of every screen in every locale (and of the states a screen has
 * beyond its first load: a 404, a form with errors, a signed-in profile) against html-validate's
 * recommended rules. One site, pages requested one after another.
 */

const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes some attributes as their DOM property names (`autoComplete`, `maxLength`,
    // `hrefLang`, `tabIndex`); HTML attribute names are case-insensitive, so both are the same attribute.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes boolean attributes as `required=""`, which HTML defines as the same as `required`;
    // the rule still catches `required="false"` and the like.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // React writes void elements self-closed (`<img/>`), the document shell (server/site/render/document.ts)
    // without the slash; HTML treats both alike and nothing here depends on either.
    'void-style': 'off',
    // React's useId gives ids such as `_R_2h_`: valid HTML (any id without spaces), which the rule's
    // strict mode would refuse for not starting with a letter (a CSS-selector convenience).
    'valid-id': ['error', { relaxed: true }],
  },
};

/** How to ask for a page (a request, so a post or a signed-in visit can be one) and the status it answers. */
type Page = { label: string; status: number; send: () => request.Test };
const pages = new Map<string, Page>();

/** Names of the cases, known when the tests are collected; their paths come from the running site. */
const EXTRA = ['blog list', 'blog page 2', 'search without a query', 'not found', 'login with errors', 'profile, signed in'] as const;
const CASES = [...ROUTE_NAMES.filter((name) => name !== 'profile'), ...EXTRA];

let site: Awaited<ReturnType<typeof startTestSite>>;
const validator = new HtmlValidate(CONFIG);

/** A signed-in visitor's session cookie: registered, confirmed by the mailed link, logged in. */
async function signedIn(): Promise<string> {
  const account = { email: `html.${Date.now()}@example.com`, password: 'dolgo-geslo-123', locale: 'en' } as const;
  await registerVerified(site, account);
  return signIn(site, account.email, account.password, account.locale);
}

beforeAll(async () => {
  site = await startTestSite();
  const session = await signedIn();
  for (const locale of LOCALES) {
    const screens = await screenPaths(site.server, locale);
    const get = (path: string, status = 200): Page => ({ label: path, status, send: () => request(site.server).get(path) });
    const login = pathTo('login', locale);
    const profile = pathTo('profile', locale);
    const cases: Record<(typeof CASES)[number], Page> = {
      ...(Object.fromEntries(ROUTE_NAMES.map((name) => [name, get(screens[name])])) as Record<(typeof ROUTE_NAMES)[number], Page>),
      'blog list': get(pathTo('blog', locale)),
      'blog page 2': get(`${pathTo('blog', locale)}?page=2`),
      'search without a query': get(pathTo('search', locale)),
      'not found': get(`/${locale}/no-such-page-here`, 404),
      'login with errors': {
        label: `POST ${login}`,
        status: 400,
        send: () => request(site.server).post(login).set('Sec-Fetch-Site', 'same-origin').type('form').send({ email: 'x', password: '' }),
      },
      'profile, signed in': { label: profile, status: 200, send: () => request(site.server).get(profile).set('Cookie', session) },
    };
    for (const name of CASES) pages.set(`${name}, ${locale}`, cases[name]);
  }
}, 30_000);
afterAll(() => site?.stop());

describe('the server renders valid HTML', () => {
  for (const locale of LOCALES) {
    for (const name of CASES) {
      it(`${name}, ${locale}`, async () => {
        const page = pages.get(`${name}, ${locale}`)!;
        const res = await page.send();
        expect(res.status, page.label).toBe(page.status);
        const report = await validator.validateString(res.text);
        const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `${m.line}:${m.column}`})`));
        expect(problems, page.label).toEqual([]);
      });
    }
  }
});
