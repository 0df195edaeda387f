import type { Locale } from '../../shared/locales';

/**
 * The UI strings of one locale, looked up the way i18next reads its JSON v4 files, which is all the site
 * uses of it: nested keys (`form.errors.required`), `{{name}}` interpolation, plural forms
 * (`key_one`, `key_few`, `key_other` by the locale's plural rules, `key_zero` first for 0), a
 * `defaultValue`, and namespaces added later (the consent texts). One small module serves the server
 * render and the browser, so both write the same text; i18next itself was 13 KiB of every page's
 * first-load JavaScript (docs/decisions/0012-first-load-javascript.md).
 */

export type Bundle = { readonly [key: string]: string | Bundle };
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

export const DEFAULT_NAMESPACE = 'common';

export interface Translator {
  readonly language: Locale;
  /** `t` of the default namespace. */
  readonly t: TFunction;
  /** `t` of a namespace, made once: it reads the namespace when called, so one added later is found. */
  getFixedT(ns: string): TFunction;
  exists(key: string, options?: { ns?: string }): boolean;
  addResourceBundle(ns: string, bundle: Bundle): void;
  /** Adds strings to the default namespace, merged key by key (the form pages' own, loaded with them). */
  addStrings(bundle: Bundle): void;
}

/** `extra` merged into `base` at every level; a key in both that is a string in either takes `extra`'s. */
export function mergeBundles(base: Bundle, extra: Bundle): Bundle {
  const merged: Record<string, string | Bundle> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? mergeBundles(existing, value) : value;
  }
  return merged;
}

function lookup(bundle: Bundle | undefined, key: string): string | undefined {
  let node: string | Bundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `{{name}}` filled from the options; a value the caller did not give stays as written (as i18next leaves it). */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(INTERPOLATION, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export function createTranslator(language: Locale, strings: Bundle): Translator {
  const namespaces = new Map<string, Bundle>([[DEFAULT_NAMESPACE, strings]]);
  const plurals = new Intl.PluralRules(language);
  const fixed = new Map<string, TFunction>();

  const resolve = (ns: string, key: string, count: number | undefined): string | undefined => {
    const bundle = namespaces.get(ns);
    if (count !== undefined) {
      const form = (count === 0 ? lookup(bundle, `${key}_zero`) : undefined) ?? lookup(bundle, `${key}_${plurals.select(count)}`);
      if (form !== undefined) return form;
    }
    return lookup(bundle, key);
  };

  const getFixedT = (ns: string): TFunction => {
    let t = fixed.get(ns);
    if (!t) {
      t = (key, options) => {
        const text = resolve(ns, key, options?.count);
        return interpolate(text ?? options?.defaultValue ?? key, options);
      };
      fixed.set(ns, t);
    }
    return t;
  };

  return {
    language,
    t: getFixedT(DEFAULT_NAMESPACE),
    getFixedT,
    exists: (key, options) => resolve(options?.ns ?? DEFAULT_NAMESPACE, key, undefined) !== undefined,
    addResourceBundle: (ns, bundle) => void namespaces.set(ns, bundle),
    addStrings: (bundle) => void namespaces.set(DEFAULT_NAMESPACE, mergeBundles(namespaces.get(DEFAULT_NAMESPACE)!, bundle)),
  };
}
