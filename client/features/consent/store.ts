import type { i18n } from 'i18next';
import { CONSENT_NAMESPACE } from '../../../shared/i18n';
import { isHttpsOrigin } from '../../../shared/cookies';
import type { Locale } from '../../../shared/locales';
import { autoClearPlan, cookieNames, eraseAssignments, matchingCookies } from './auto-clear';
import { isBot } from './bots';
import { AUTO_CLEAR, CATEGORIES, CONSENT_REVISION, type Category } from './config';
import { changedCategories, consentCookieString, createRecord, storedConsent, type ConsentRecord } from './record';
import { updateConsentMode } from './tag-manager';
import { loadConsentTexts } from './texts';

export interface ConsentView {
  banner: boolean;
  preferences: boolean;
  /** The visitor's current choice, or null before the first one. */
  accepted: readonly Category[] | null;
}

interface Setup {
  locale: Locale;
  i18n: i18n;
  /** The banner and preferences components, loaded with the texts before anything shows. */
  loadUi: () => Promise<unknown>;
}

/**
 * The visitor's consent in the browser: read once at start, changed by the banner and the preferences.
 * Events as in the reference library: a first choice and every page load with consent update the tag
 * manager (onConsent), a later choice that changes something updates it again (onChange).
 */
let setup: Setup | null = null;
let record: ConsentRecord | null = null;
/** Nothing shown: the server's view, and the browser's until the consent has started (the same object, so hydration re-renders nothing). */
export const HIDDEN_VIEW: ConsentView = { banner: false, preferences: false, accepted: null };
let view: ConsentView = HIDDEN_VIEW;
let uiReady: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function setView(next: Partial<ConsentView>) {
  view = { ...view, ...next };
  listeners.forEach((l) => l());
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function consentView(): ConsentView {
  return view;
}

/** Texts and components, once; false when the texts cannot be loaded (the UI then never starts). */
function prepareUi(): Promise<boolean> {
  uiReady ??= (async () => {
    const { locale, i18n, loadUi } = setup!;
    const [texts] = await Promise.all([loadConsentTexts(locale), loadUi()]);
    if (!texts) return false;
    i18n.addResourceBundle(locale, CONSENT_NAMESPACE, texts);
    return true;
  })().catch((error: unknown) => {
    console.error(error);
    return false;
  });
  return uiReady;
}

export function startConsent(options: Setup): void {
  if (setup) return;
  setup = options;
  // A stored choice was handed to the tag manager at start (startTagManager): this page load's update.
  const stored = storedConsent(document.cookie, Date.now());
  if (stored) {
    record = stored;
    setView({ accepted: stored.categories });
    return;
  }
  if (isBot(navigator)) return;
  void prepareUi().then((ok) => ok && setView({ banner: true }));
}

/** The footer's cookie settings: the preferences, over the banner if it is still open. */
export function openConsentPreferences(): void {
  if (!setup) return;
  void prepareUi().then((ok) => ok && setView({ preferences: true }));
}

export function closeConsentPreferences(): void {
  setView({ preferences: false });
}

export function acceptAll(): void {
  saveConsent(CATEGORIES);
}

export function rejectAll(): void {
  saveConsent([]);
}

export function saveConsent(accepted: readonly string[]): void {
  const firstConsent = record === null;
  const previous = record?.categories ?? [];
  const next = createRecord({
    accepted,
    previous: record,
    revision: CONSENT_REVISION,
    languageCode: setup?.locale ?? '',
    now: Date.now(),
    newId: () => crypto.randomUUID(),
  });
  const changed = changedCategories(previous, next.categories);
  setView({ banner: false, preferences: false, accepted: next.categories });
  // A later choice that changes nothing is not stored again (the reference library does the same).
  if (!firstConsent && changed.length === 0) return;
  record = next;
  document.cookie = consentCookieString(next, isHttpsOrigin(location.origin));
  updateConsentMode(next.categories);

  const plan = autoClearPlan({ firstConsent, previous, accepted: next.categories });
  const names = cookieNames(document.cookie);
  for (const category of plan.clear) {
    for (const name of matchingCookies(names, AUTO_CLEAR[category]!.cookies)) {
      for (const assignment of eraseAssignments(name, location.hostname)) document.cookie = assignment;
    }
  }
  if (plan.reload) location.reload();
}
