import { expect, hydrated, test } from './fixtures';

/**
 * A page says nothing in the console: no error, no warning (React's hydration mismatch is one), no CSP
 * report (a blocked eval probe or inline script costs the best-practices score and hides real
 * problems), from load to idle. And hydrated, it says every word the server wrote, in the same order
 * and language, and no string's key: the browser's i18next instance has the strings the server
 * rendered with. (Hydrated pages may say more: the photo field's buttons exist only with JavaScript.)
 */
const PAGES = [
  '/sl',
  '/en',
  '/de',
  '/en/categories',
  '/de/produkt/vorbaurolllaeden',
  '/sl/izdelek/predokenske-rolete',
  '/sl/pogosta-vprasanja',
  '/en/contact',
  '/de/kontakt',
  '/sl/povprasevanje',
  '/en/inquiry',
  '/de/service',
  '/en/newsletter',
  '/sl/iskanje?q=rolete',
  '/en/login',
  '/de/login',
];

/** The words of the app's markup. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The first of `expected` not found in `actual` in order after the ones before it; null when all are. */
function firstMissing(expected: string[], actual: string[]): string | null {
  let at = 0;
  for (const [i, word] of expected.entries()) {
    at = actual.indexOf(word, at);
    if (at === -1) return `${word} (after "${expected.slice(Math.max(0, i - 8), i).join(' ')}")`;
    at++;
  }
  return null;
}

/** A string's key, as i18next writes one it cannot find (`inquiry.next`, `form.photos.limits`). */
const KEY = /^(header|footer|layout|search|form|inquiry|service|account|newsletter|error|page|contact)\.[a-z]/;

for (const path of PAGES) {
  test(`${path} logs nothing and hydrates with the server's words`, async ({ page, browser }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(path);
    await hydrated(page);
    // Idle work (link prefetch, the build check's timer) runs after hydration: wait for the network to settle.
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);

    // The server's HTML as it is, no script run.
    const serverOnly = await browser.newContext({ javaScriptEnabled: false });
    const server = await serverOnly.newPage();
    await server.goto(path);
    const written = words(await server.locator('#app').innerText());
    await serverOnly.close();
    expect(written.length).toBeGreaterThan(100);
    const shown = words(await page.locator('#app').innerText());
    expect(firstMissing(written, shown)).toBeNull();
    expect(shown.filter((word) => KEY.test(word))).toEqual([]);
  });
}
