/**
 * Crawlers get no consent banner (nothing to consent to, and it would cover the page they index):
 * crawlers by name, and any browser driven by automation, as the reference library decides it.
 */
export function isBot(nav: { userAgent?: string; webdriver?: boolean }): boolean {
  return (!!nav.userAgent && /bot|crawl|spider|slurp|teoma/i.test(nav.userAgent)) || !!nav.webdriver;
}
