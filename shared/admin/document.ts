import type { ResourceLanguage } from 'i18next';
import type { StaffLocale } from '../api/staff';
import type { HydrationState, PagePayload } from '../document';

/** The staff area's page data block and root element (apart from the site's: another app). */
export const ADMIN_DATA_ID = '__admin';
export const ADMIN_ROOT_ID = 'admin';

/** The query parameter that asks a staff screen's address for its data as JSON (a client navigation or post). */
export const ADMIN_DATA_PARAM = '_data';

/** Everything the browser needs to hydrate a staff screen without another request. */
export interface AdminDocumentData {
  locale: StaffLocale;
  buildId: string;
  /** The staff area's words and the site's common ones (form errors), for i18next. */
  strings: ResourceLanguage;
  hydration: HydrationState;
}

/** What a staff screen's address answers with `?_data`: its routes' data, or where to go instead (as a public page's payload). */
export type AdminPayload = PagePayload;
