import { expect, hydrated, test } from './fixtures';

/**
 * A page says nothing in the console: no error, no warning, no CSP report (a blocked eval probe or
 * inline script costs the best-practices score and hides real problems), from load to idle.
 */
const PAGES = ['/sl', '/en/categories', '/de/produkt/vorbaurolllaeden', '/sl/pogosta-vprasanja', '/en/contact', '/sl/povprasevanje', '/de/service', '/en/newsletter', '/sl/iskanje?q=rolete', '/en/login'];

for (const path of PAGES) {
  test(`${path} logs nothing`, async ({ page }) => {
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
  });
}
