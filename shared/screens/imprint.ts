import { CONTENT, defineScreen, NO_NAMESPACES } from './define';

/** The company's register data are the layout's settings. */
export type ImprintData = object;

/** The company's register data. */
export default defineScreen<ImprintData>()({
  path: { sl: '/impresum', en: '/imprint', de: '/impressum' },
  page: 'imprint',
  traits: CONTENT,
  namespaces: NO_NAMESPACES,
});
