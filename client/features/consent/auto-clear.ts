import { parse, serialize } from 'cookie';
import { AUTO_CLEAR, type AutoClear, type Category } from './config';

/**
 * Which categories' cookies go after a choice, and whether the page reloads: on the first choice, those
 * of every category left off (cookies set before anyone asked); later, those of a category just switched
 * off, with a reload when the category asks for one. Never a reload on the first choice.
 */
export function autoClearPlan(input: {
  firstConsent: boolean;
  previous: readonly string[];
  accepted: readonly string[];
  rules?: Partial<Record<Category, AutoClear>>;
}): { clear: Category[]; reload: boolean } {
  const rules = input.rules ?? AUTO_CLEAR;
  const clear: Category[] = [];
  let reload = false;
  for (const [category, rule] of Object.entries(rules) as [Category, AutoClear][]) {
    const enabled = input.accepted.includes(category);
    const justDisabled = !input.firstConsent && input.previous.includes(category) && !enabled;
    if (input.firstConsent ? !enabled : justDisabled) {
      clear.push(category);
      if (rule.reloadPage && justDisabled) reload = true;
    }
  }
  return { clear, reload };
}

/** Names among `names` that a category's rule matches. */
export function matchingCookies(names: readonly string[], patterns: AutoClear['cookies']): string[] {
  return names.filter((name) => patterns.some((p) => (typeof p === 'string' ? p === name : p.test(name))));
}

/** The names of the cookies in a `document.cookie` string. */
export function cookieNames(cookies: string): string[] {
  return Object.keys(parse(cookies));
}

/**
 * The assignments that erase a cookie whichever way it was set: without a domain, on the host and its
 * subdomains, and without `www.` (where analytics puts its cookies).
 */
export function eraseAssignments(name: string, hostname: string, path = '/'): string[] {
  const erase = (domain?: string) => serialize(name, '', { path, domain, expires: new Date(1000) });
  const out = [erase(), erase(`.${hostname}`)];
  if (hostname.startsWith('www.')) out.push(erase(`.${hostname.slice(4)}`));
  return out;
}
