import { CONSENT_MODE_DEFAULT, consentModeState } from './consent-mode';
import { loadScript } from './load-script';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** gtag() as Google defines it: the tag manager reads an `arguments` object, not an array. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

/**
 * Starts Google Tag Manager. The consent default (all denied) is queued first, from this bundled module
 * and not an inline script, so the strict CSP needs no hash and the order is guaranteed: the loader
 * is only added after it. A returning visitor's stored choice (`accepted`) is this page load's update,
 * queued before the tag manager's first event so tags that fire on it see the choice. Resolves false
 * when the script could not be loaded (blocked or offline).
 */
export function startTagManager(id: string, accepted: readonly string[] | null): Promise<boolean> {
  gtag('consent', 'default', { ...CONSENT_MODE_DEFAULT });
  if (accepted) updateConsentMode(accepted);
  window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  return loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
}

/** Tells the tag manager what the visitor allows; nothing without a tag manager. */
export function updateConsentMode(accepted: readonly string[]): void {
  if (window.dataLayer) gtag('consent', 'update', consentModeState(accepted));
}
