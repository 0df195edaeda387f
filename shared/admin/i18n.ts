import type { InitOptions } from 'i18next';
import { DEFAULT_NAMESPACE, I18N_OPTIONS, STAFF_NAMESPACE } from '../i18n';

/**
 * The staff screens' words: their own namespace (`locales/{lang}/staff.json`) first, then the site's
 * common words (form errors, language names) and the forms' (a lead's fields named as the visitor saw
 * them). All three come inlined with a staff page; no public page ever carries `staff`.
 */
export const ADMIN_NAMESPACES = [STAFF_NAMESPACE, DEFAULT_NAMESPACE, 'forms'] as const;

export const ADMIN_I18N: InitOptions = {
  ...I18N_OPTIONS,
  ns: [...ADMIN_NAMESPACES],
  defaultNS: STAFF_NAMESPACE,
  fallbackNS: ADMIN_NAMESPACES.slice(1),
};
