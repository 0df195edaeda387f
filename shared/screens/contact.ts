import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

/** The showrooms and contacts are the layout's settings. */
export type ContactData = object;

/** Showrooms, opening hours, phone, email, directions and the two forms. */
export default defineScreen<ContactData>()({
  path: { sl: '/kontakt', en: '/contact', de: '/kontakt' },
  page: 'contact',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
