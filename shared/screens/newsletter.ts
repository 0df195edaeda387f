import type { PublicFormScreen } from '../page-data';
import { defineScreen, NO_NAMESPACES, PUBLIC_FORM } from './define';

export type NewsletterData = PublicFormScreen;

/** The newsletter section; the footer's signup posts here too. */
export default defineScreen<NewsletterData>()({
  path: { sl: '/e-novice', en: '/newsletter', de: '/newsletter' },
  page: 'newsletter',
  traits: PUBLIC_FORM,
  namespaces: NO_NAMESPACES,
});
